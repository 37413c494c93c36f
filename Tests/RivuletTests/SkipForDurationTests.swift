import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SkipForDurationTests: RivuletTestCase {
    func testDropsValuesInsideTheDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(250, 5), .completed(300),
        ])
        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 4), .next(250, 5), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompletionInsideTheDurationPassesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorInsideTheDurationPassesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAValueAtTheEndOfTheDurationFromAHotSourceIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        // The hot event was queued at creation, before the window timer, so it runs first.
        let xs = scheduler.createHotObservable([.next(225, 2), .next(226, 3)])
        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(226, 3)])
    }

    func testDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(260, 3)])
        let res = scheduler.start(disposed: 250) { xs.skip(.seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; a duration of 3 frames)

    func testMarblesSkipsTheFirstFrames() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-|")
        let res = scheduler.start { xs.skip(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----b-c-|")
        assertSubscriptions(xs, "^-------!")
    }

    func testMarblesErrorInsideTheWindow() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a#", error: TestError.boom)
        let res = scheduler.start { xs.skip(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "---#", error: TestError.boom)
        assertSubscriptions(xs, "^--!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-|")
        let res = scheduler.start(disposed: 250) { xs.skip(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----b")
        assertSubscriptions(xs, "^----!")
    }
}
