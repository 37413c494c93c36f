import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class EnumeratedTests: RivuletTestCase {
    func testPairsValuesWithTheirIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, "z"), .next(210, "a"), .next(220, "b"), .completed(250)])
        let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
        XCTAssertEqual(res.events, [.next(210, "0a"), .next(220, "1b"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEachSubscriptionCountsFromZeroAndErrorsPass() {
        let source = Observable.of("a", "b").concat(Observable.error(TestError.boom)).enumerated()
        var log: [String] = []
        for _ in 0..<2 {
            _ = source.subscribe(onNext: { log.append("\($0.index)\($0.element)") }, onError: { log.append("\($0)") })
        }
        XCTAssertEqual(log, ["0a", "1b", "boom", "0a", "1b", "boom"])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.enumerated().map(\.index) }.events, [.next(210, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
