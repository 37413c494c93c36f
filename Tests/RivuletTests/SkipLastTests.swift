import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SkipLastTests: RivuletTestCase {
    func testHoldsBackTheLastValues() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-d-|")
        let res = scheduler.start { xs.skipLast(2) }
        assertMarbles(res, "-----a-b-|")
        assertSubscriptions(xs, "^--------!")
    }

    func testZeroPassesEveryValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.skipLast(0) }.events, [.next(210, 1), .completed(250)])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.skipLast(1) }.events, [.next(220, 1), .error(230, TestError.boom)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .next(220, 2), .next(300, 3)])
        XCTAssertEqual(other.start(disposed: 250) { ys.skipLast(1) }.events, [.next(220, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }
}
