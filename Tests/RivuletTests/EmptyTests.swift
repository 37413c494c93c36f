import Rivulet
import TestSupport
import XCTest

final class EmptyTests: RivuletTestCase {
    func testCompletesAtOnce() {
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.empty().subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
        subscription.dispose()
    }

    func testOnDisposedAfterCompletion() {
        var log: [String] = []
        _ = Observable<Int>.empty().subscribe(
            onNext: { _ in log.append("next") }, onCompleted: { log.append("|") }, onDisposed: { log.append("d") })
        XCTAssertEqual(log, ["|", "d"])
    }
}
