import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class DebounceTests: RivuletTestCase {
    func testSendsAValueOnlyAfterAQuietPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(250, 4), .next(300, 5), .next(310, 6),
            .completed(400),
        ])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(235, 3), .next(270, 4), .next(330, 6), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testCompletionSendsThePendingValueAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .completed(220)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(220, 3), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorDropsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3), .error(250, TestError.boom)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposeCancelsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(290, 3), .completed(400)])
        let res = scheduler.start(disposed: 300) { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testNeverSourceSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; debounce of 2 frames)

    func testMarblesValuesAndCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-----d--|")
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "------c-----d|")
        assertSubscriptions(xs, "^------------!")
    }

    func testMarblesCompletionFlushesThePendingValue() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b|")
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "-----(b|)")
        assertSubscriptions(xs, "^----!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a---b#", error: TestError.boom)
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "----a--#", error: TestError.boom)
        assertSubscriptions(xs, "^------!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a---b---|")
        let res = scheduler.start(disposed: 270) { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "----a")
        assertSubscriptions(xs, "^------!")
    }
}
