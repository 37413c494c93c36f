import Rivulet
import TestSupport
import XCTest

final class JustTests: RivuletTestCase {
    func testSendsTheValueThenCompletes() {
        let recorder = EventRecorder<Int>()
        let subscription = Observable.just(42).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(42), .completed])
        subscription.dispose()
    }

    func testEverySubscriptionGetsTheValue() {
        let source = Observable.just("a")
        var values: [String] = []
        _ = source.subscribe(onNext: { values.append($0) })
        _ = source.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, ["a", "a"])
    }

    func testOnDisposedAfterCompletion() {
        var log: [String] = []
        _ = Observable.just(1).subscribe(
            onNext: { log.append("\($0)") }, onCompleted: { log.append("|") }, onDisposed: { log.append("d") })
        XCTAssertEqual(log, ["1", "|", "d"])
    }
}
