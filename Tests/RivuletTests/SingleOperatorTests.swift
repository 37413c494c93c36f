import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SingleOperatorTests: RivuletTestCase {
    func testPassesTheOneValueAtOnce() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a---|")
        let res = scheduler.start { xs.single() }
        assertMarbles(res, "-a---|")
        assertSubscriptions(xs, "^----!")
    }

    func testASecondValueFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testNoValueFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler.start { xs.single() }.events, [.error(250, RxError.noElements)])
    }

    func testPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.single { $0 == 2 } }.events, [.next(220, 2), .completed(250)])

        let two = TestScheduler(initialClock: 0)
        let ys = two.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(
            two.start { ys.single { $0 > 1 } }.events, [.next(220, 2), .error(230, RxError.moreThanOneElement)])

        let none = TestScheduler(initialClock: 0)
        let zs = none.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(none.start { zs.single { $0 > 1 } }.events, [.error(250, RxError.noElements)])
    }

    func testPredicateThrow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start {
            xs.single { value -> Bool in
                if value == 2 { throw TestError.boom }
                return false
            }
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorPassesThroughAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.single() }.events, [.error(230, TestError.boom)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(other.start(disposed: 250) { ys.single() }.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }
}
