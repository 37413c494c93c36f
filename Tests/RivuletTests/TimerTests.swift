import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TimerTests: RealTimeTestCase {
    func testOneShotSendsZeroAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(250, 0), .completed(250)])
    }

    func testPeriodicStartsAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 500) {
            Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(250, 0), .next(350, 1), .next(450, 2)])
    }

    func testDisposeBeforeTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 240) { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(scheduler.debugDescription, "VirtualTimeScheduler(clock: 240, queued: [])")
    }

    func testZeroDueTimeRunsOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int64>.timer(.seconds(0), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 0), .completed(201)])
    }

    func testRealTimeTimer() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let done = expectation(description: "completed")
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.timer(.milliseconds(20), scheduler: scheduler).subscribe { event in
            recorder.on(event)
            if event.isCompleted { done.fulfill() }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.events, [.next(0), .completed])
        subscription.dispose()
    }

    // MARK: Marble diagrams (one frame = 10 ticks)

    func testMarblesOneShot() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "---(0|)", values: ["0": 0])
    }

    func testMarblesPeriodic() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 300) {
            Observable<Int>.timer(.seconds(20), period: .seconds(30), scheduler: scheduler)
        }
        assertMarbles(res, "--0--1--2", values: ["0": 0, "1": 1, "2": 2])
    }
}
