import Rivulet
import TestSupport
import XCTest

final class ErrorTests: RivuletTestCase {
    func testFailsAtOnce() {
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.error(TestError.boom).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
        subscription.dispose()
    }

    func testOnDisposedAfterError() {
        var log: [String] = []
        _ = Observable<Int>.error(TestError.other(1)).subscribe(
            onError: { log.append("\($0)") }, onCompleted: { log.append("|") }, onDisposed: { log.append("d") })
        XCTAssertEqual(log, ["other(1)", "d"])
    }
}
