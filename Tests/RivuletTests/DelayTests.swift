import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class DelayTests: RivuletTestCase {
    func testShiftsValuesAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(260, 3), .next(350, 4), .completed(450),
        ])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(350, 2), .next(360, 3), .next(450, 4), .completed(550)])
        // The source subscription ends with the source, not with the delayed completion.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testErrorIsForwardedAtOnceAndDropsWaitingValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(250, 3), .error(300, TestError.boom)])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(260, 2), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEmptySourceCompletesLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.completed(10)])
        let res = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testDisposeDropsWaitingValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(250, 3), .completed(400)])
        let res = scheduler.start(disposed: 290) { xs.delay(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(260, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; delay of 3 frames)

    func testMarblesValuesAndCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b---c|")
        let res = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "-----a-b---c|")
        assertSubscriptions(xs, "^--------!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-#", error: TestError.boom)
        let res = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----#", error: TestError.boom)
        assertSubscriptions(xs, "^---!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b---c|")
        let res = scheduler.start(disposed: 260) { xs.delay(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "-----a")
        assertSubscriptions(xs, "^-----!")
    }

    // MARK: Events that arrive together leave one scheduler action apart (RxSwift's timing)

    func testACompletionInTheSameTickAsAValueIsDeliveredOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let res = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(215, 1), .completed(216)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testEachQueuedEventWaitsItsOwnDelayAfterThePreviousOneIsDelivered() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(212, 3), .completed(220)])
        let res = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
        // 2 waited its delay at 215 (1 went then): next action, 216; 3 is due at 217; the
        // completion at 225.
        XCTAssertEqual(res.events, [.next(215, 1), .next(216, 2), .next(217, 3), .completed(225)])
    }
}
