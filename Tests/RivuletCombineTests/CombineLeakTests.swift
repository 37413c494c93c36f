import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// Combine-dialect leak checks (contract 15): closures and what they capture are released with
/// their subscription.
final class CombineLeakTests: RivuletTestCase {
    /// A reference to watch for release.
    private final class Tracker {}

    func test_contract15_combineSinkClosuresAreReleasedWithTheirCancellable() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakTracker: Tracker?
        var cancellables = Set<AnyCancellable>()
        var finished = Set<AnyCancellable>()
        let done = PassthroughSubject<Int, Never>()
        do {
            let tracker = Tracker()
            weakTracker = tracker
            subject.map { value in
                _ = tracker
                return value
            }.sink { _ in _ = tracker }.store(in: &cancellables)
            done.sink(receiveCompletion: { _ in _ = tracker }, receiveValue: { _ in _ = tracker }).store(in: &finished)
        }
        subject.send(1)
        done.send(completion: .finished)
        XCTAssertNotNil(weakTracker)
        cancellables = []
        XCTAssertNil(weakTracker, "released on cancel, and by the finished one on completion")
        finished = []
    }
}
