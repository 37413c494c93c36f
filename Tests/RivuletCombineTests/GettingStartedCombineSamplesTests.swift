// The code samples of docs/getting-started.md, compiled and run. The code between `// docs: <title>`
// and `// end docs` is what the guide shows under `<!-- tested: <title> -->`;
// DocsSamplesTests checks that the two are the same.
import Foundation
import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

final class GettingStartedCombineSamplesTests: RivuletTestCase {
    func testFirstPipelineCombine() {
        // docs: getting started, first pipeline, Combine
        let searchText = PassthroughSubject<String, Never>()
        var cancellables = Set<AnyCancellable>()
        var shown: [String] = []

        searchText
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .removeDuplicates()
            .sink { shown.append($0) }
            .store(in: &cancellables)

        searchText.send(" swift ")
        searchText.send("swift")
        searchText.send("")
        searchText.send("rivulet")
        // shown == ["swift", "rivulet"]
        // end docs
        XCTAssertEqual(shown, ["swift", "rivulet"])
        XCTAssertEqual(cancellables.count, 1)
    }

    func testSubjectsCombine() {
        // docs: getting started, subjects, Combine
        let count = CurrentValueSubject<Int, Never>(0)
        let taps = PassthroughSubject<Void, Never>()
        var cancellables = Set<AnyCancellable>()
        var seen: [Int] = []

        count.sink { seen.append($0) }.store(in: &cancellables)  // receives 0 at once
        taps.sink { count.value += 1 }.store(in: &cancellables)

        taps.send(())
        taps.send(())
        // seen == [0, 1, 2]; count.value == 2
        // end docs
        XCTAssertEqual(seen, [0, 1, 2])
        XCTAssertEqual(count.value, 2)
    }

    func testDisposalCombine() {
        // docs: getting started, disposal, Combine
        let ticks = PassthroughSubject<Int, Never>()
        var received: [Int] = []

        let cancellable = ticks.sink { received.append($0) }
        ticks.send(1)
        cancellable.cancel()  // releasing the last reference to it cancels it too
        ticks.send(2)  // not delivered
        // received == [1]
        // end docs
        XCTAssertEqual(received, [1])
    }

    func testTestingCombine() throws {
        // docs: getting started, testing, Combine
        let scheduler = TestScheduler(initialClock: 0)
        let typed = try scheduler.createHotObservable("-a-b-b-c-|")

        let res = scheduler.start {
            typed.asPublisher()
                .map { $0.uppercased() }
                .removeDuplicates()
                .asObservable()
        }

        assertMarbles(res, "-A-B---C-|")
        assertSubscriptions(typed, "^--------!")
        // end docs
        XCTAssertEqual(res.events.count, 4)
    }
}
