import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class BufferTests: RivuletTestCase {
    func testSendsOnCountOrTimeSpanWhicheverComesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(280, 5), .next(290, 6),
            .next(350, 7), .completed(400),
        ])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        // 230: count reached, a new window starts (to 300); 370: window timer; 400: completion.
        XCTAssertEqual(
            res.events,
            [
                .next(230, [2, 3, 4]), .next(300, [5, 6]), .next(370, [7]), .next(400, []), .completed(400),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testEmptyWindowsAreSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(350)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
        XCTAssertEqual(
            res.events,
            [
                .next(250, []), .next(300, []), .next(350, []), .completed(350),
            ])
    }

    func testErrorDropsTheCollectedValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .error(270, TestError.boom)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(250, [1]), .error(270, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(320, 3)])
        let res = scheduler.start(disposed: 280) { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(250, [1])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
    }

    func testZeroCountOnlyUsesTheTimeSpan() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(260)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 0, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(250, [1, 2]), .next(260, []), .completed(260)])
    }

    // MARK: Marble diagrams (one frame = 10 ticks; windows of 5 frames or 2 values)

    func testMarblesCountAndTimeSpan() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c----|")
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        assertMarbles(res, "----x----y-(z|)", values: ["x": ["a", "b"], "y": ["c"], "z": []])
        assertSubscriptions(xs, "^----------!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-#", error: TestError.boom)
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        assertMarbles(res, "----#", values: [String: [String]](), error: TestError.boom)
        assertSubscriptions(xs, "^---!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b-c----|")
        let res = scheduler.start(disposed: 280) { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        assertMarbles(res, "----x", values: ["x": ["a", "b"]])
        assertSubscriptions(xs, "^-------!")
    }
}
