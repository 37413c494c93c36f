import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class DelaySubscriptionTests: RivuletTestCase {
    func testSubscribesAfterTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testErrorPassesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .error(70, TestError.boom)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(280, 42), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testHotSourceEventsBeforeTheDelayAreMissed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 250)])
    }

    func testDisposeBeforeTheDelayNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testDisposeAfterSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let res = scheduler.start(disposed: 285) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(280, 42)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 285)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; a delay of 3 frames)

    func testMarblesValuesAndCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b|")
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----a-b|")
        assertSubscriptions(xs, "---^---!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a#", error: TestError.boom)
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----a#", error: TestError.boom)
        assertSubscriptions(xs, "---^-!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b|")
        let res = scheduler.start(disposed: 250) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----a")
        assertSubscriptions(xs, "---^-!")
    }
}
