import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ThrottleTests: RivuletTestCase {
    func testLatestSendsTheLastValueOfAWindowWhenItEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 4), .next(260, 5), .next(265, 6),
            .completed(400),
        ])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .next(260, 5), .next(280, 6), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testLatestIsTheDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .completed(400)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: true, scheduler: scheduler) }
        let resDefault = TestScheduler(initialClock: 0)
        let ys = resDefault.createHotObservable([.next(210, 2), .next(215, 3), .completed(400)])
        let res2 = resDefault.start { ys.throttle(.seconds(20), scheduler: resDefault) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 3), .completed(400)])
        XCTAssertEqual(res2.events, res.events)
    }

    func testWithoutLatestDropsValuesInsideTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 4), .next(230, 5), .next(245, 6),
            .completed(400),
        ])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
        // 230 is exactly one window after 210, so it opens the next window.
        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 5), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testCompletionWaitsForThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .completed(220)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 3), .completed(230)])
        // The source subscription ends with the source (as in RxSwift), not with the completion.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorIsForwardedAtOnceAndDropsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .error(220, TestError.boom)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposeCancelsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .completed(400)])
        let res = scheduler.start(disposed: 225) { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; throttle of 3 frames)

    func testMarblesLatest() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-----d--|")
        let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a--b--c---d--|")
        assertSubscriptions(xs, "^--------------!")
    }

    func testMarblesNotLatest() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-----d--|")
        let res = scheduler.start { xs.throttle(.seconds(30), latest: false, scheduler: scheduler) }
        assertMarbles(res, "--a---c-----d--|")
        assertSubscriptions(xs, "^--------------!")
    }

    func testMarblesCompletionWaitsForThePendingValue() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b|")
        let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a--(b|)")
        assertSubscriptions(xs, "^----!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b#", error: TestError.boom)
        let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a--#", error: TestError.boom)
        assertSubscriptions(xs, "^----!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-----d--|")
        let res = scheduler.start(disposed: 245) { xs.throttle(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "--a")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
    }
}
