import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class DematerializeTests: RivuletTestCase {
    func testEventValuesBecomeEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .next(220, .next(2)), .next(230, .completed), .next(240, .next(3)),
            .completed(250),
        ])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAnErrorValueFailsTheStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event<Int>.error(TestError.boom)), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.dematerialize() }.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testTheSourcesOwnTerminalEventsPassThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event<Int>.next(1)), .error(220, TestError.other(1))])
        XCTAssertEqual(scheduler.start { xs.dematerialize() }.events, [.next(210, 1), .error(220, TestError.other(1))])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, Event<Int>.next(1)), .completed(220)])
        XCTAssertEqual(other.start { ys.dematerialize() }.events, [.next(210, 1), .completed(220)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event<Int>.next(1)), .next(300, .completed)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.dematerialize() }.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEventConvertible() {
        XCTAssertEqual(Event.next(3).event, .next(3))
    }
}
