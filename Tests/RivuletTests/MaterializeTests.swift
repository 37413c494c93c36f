import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class MaterializeTests: RivuletTestCase {
    func testValuesAndCompletionBecomeValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(
            res.events,
            [.next(210, .next(1)), .next(220, .next(2)), .next(250, .completed), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAnErrorBecomesAValueAndTheResultCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(res.events, [.next(210, .next(1)), .next(230, .error(TestError.boom)), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.materialize() }.events, [.next(210, .next(1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testRoundTrip() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        let res = scheduler.start { xs.materialize().dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
    }
}
