import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TakeForDurationTests: RivuletTestCase {
    func testCompletesWhenTheDurationEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(250, 5), .completed(300),
        ])
        let res = scheduler.start { xs.take(for: .seconds(35), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(235)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testSourceCompletionFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let res = scheduler.start { xs.take(for: .seconds(35), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSourceErrorFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let res = scheduler.start { xs.take(for: .seconds(35), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testZeroDurationCompletesOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 2), .next(202, 3)])
        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        // Relative work due now runs one tick later; the hot event at 201 was queued first.
        XCTAssertEqual(res.events, [.next(201, 2), .completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testDisposeBeforeTheDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 220) { xs.take(for: .seconds(35), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; a duration of 5 frames)

    func testMarblesCompletesAfterTheDuration() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-|")
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        assertMarbles(res, "--a-b|")
        assertSubscriptions(xs, "^----!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a#", error: TestError.boom)
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        assertMarbles(res, "--a#", error: TestError.boom)
        assertSubscriptions(xs, "^--!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c-|")
        let res = scheduler.start(disposed: 230) { xs.take(for: .seconds(50), scheduler: scheduler) }
        assertMarbles(res, "--a")
        assertSubscriptions(xs, "^--!")
    }
}
