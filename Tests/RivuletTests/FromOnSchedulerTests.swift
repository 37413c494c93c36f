import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class FromOnSchedulerTests: RivuletTestCase {
    func testOfSendsOneValuePerStep() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testFromArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(["a", "b"], scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, "a"), .next(202, "b"), .completed(203)])
    }

    func testFromSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(stride(from: 0, to: 6, by: 2), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 2), .next(203, 4), .completed(204)])
    }

    func testEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.from([], scheduler: scheduler) }
        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testDisposeStopsTheIteration() {
        let scheduler = TestScheduler(initialClock: 0)
        var pulled = 0
        let numbers = (1...).lazy.map { value -> Int in
            pulled += 1
            return value
        }
        let res = scheduler.start(disposed: 203) { Observable.from(numbers, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2)])
        XCTAssertEqual(pulled, 2)
    }

    func testCurrentThreadSchedulerRunsEverythingBeforeReturning() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3, scheduler: CurrentThreadScheduler.instance).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    // MARK: Marble diagrams (no simulated processing delay: every step runs at the
    // subscription's tick, in order)

    func testMarblesOfWithoutProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let res = scheduler.start { Observable.of("a", "b", "c", scheduler: scheduler) }
        assertMarbles(res, "(abc|)")
    }
}
