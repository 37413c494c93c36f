import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TimeoutTests: RivuletTestCase {
    func testEventsInTimePassThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(240, 3), .next(280, 4), .completed(320),
        ])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 3), .next(280, 4), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
    }

    func testFailsWithTimeoutWhenAGapIsTooLong() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(300, 3), .completed(400)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(260, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testTimesOutWithoutAnyEventFromTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(250, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSourceErrorBeforeTheTimeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSwitchesToTheOtherSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(300, 3), .completed(400)])
        let ys = scheduler.createColdObservable([.next(10, 100), .next(20, 101), .completed(30)])
        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(270, 100), .next(280, 101), .completed(290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(260, 290)])
    }

    func testOtherIsNotSubscribedWhenTheSourceIsInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(240)])
        let ys = scheduler.createColdObservable([.next(10, 100)])
        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(240)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testDisposeWhileOnTheOtherSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let ys = scheduler.createColdObservable([.next(10, 100), .next(50, 101)])
        let res = scheduler.start(disposed: 300) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(270, 100)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(260, 300)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; timeout of 3 frames)

    func testMarblesInTime() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b--c|")
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a-b--c|")
        assertSubscriptions(xs, "^-------!")
    }

    func testMarblesTimesOut() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a----b|")
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a--#", error: RxError.timeout)
        assertSubscriptions(xs, "^----!")
    }

    func testMarblesSwitchesToOther() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a----b|")
        let ys = try scheduler.createColdObservable("xy|")
        let res = scheduler.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        assertMarbles(res, "--a--xy|")
        assertSubscriptions(xs, "^----!")
        assertSubscriptions(ys, "-----^-!")
    }

    func testMarblesSourceError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a#", error: TestError.boom)
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a#", error: TestError.boom)
        assertSubscriptions(xs, "^--!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a----b|")
        let res = scheduler.start(disposed: 240) { xs.timeout(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a")
        assertSubscriptions(xs, "^---!")
    }
}
