import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class JustOnSchedulerTests: RivuletTestCase {
    func testSendsTheValueThenCompletesInTwoSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testDisposeBetweenTheSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 201) { Observable.just(42, scheduler: scheduler) }
        // The disposal at 201 was queued (by `start`) before the value's step, so it wins.
        XCTAssertEqual(res.events, [])
        let later = TestScheduler(initialClock: 0)
        let res2 = later.start(created: 100, subscribed: 200, disposed: 202) { Observable.just(42, scheduler: later) }
        XCTAssertEqual(res2.events, [.next(201, 42)])
    }

    func testCurrentThreadSchedulerRunsAtOnce() {
        let recorder = EventRecorder<Int>()
        _ = Observable.just(7, scheduler: CurrentThreadScheduler.instance).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(7), .completed])
    }

    // MARK: Marble diagrams (no simulated processing delay)

    func testMarblesWithoutProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let res = scheduler.start { Observable.just("a", scheduler: scheduler) }
        assertMarbles(res, "(a|)")
    }
}
