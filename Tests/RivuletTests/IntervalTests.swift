import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class IntervalTests: RealTimeTestCase {
    func testCountsEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 650) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3)])
    }

    func testOtherIntegerTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 450) { Observable<UInt8>.interval(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1)])
    }

    func testTakeStopsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.interval(.seconds(100), scheduler: scheduler).take(for: .seconds(250), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .completed(450)])
        // Nothing is left queued after the subscription ended.
        XCTAssertEqual(scheduler.debugDescription, "VirtualTimeScheduler(clock: 1000, queued: [])")
    }

    func testRealTimeIntervalOnAQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "interval-test")
        let done = expectation(description: "three values")
        let values = LockedValues<Int>()
        let subscription = Observable<Int>.interval(.milliseconds(10), scheduler: scheduler).subscribe(onNext: {
            value in
            if values.append(value) == 3 { done.fulfill() }
        })
        wait(for: [done], timeout: 5)
        subscription.dispose()
        XCTAssertEqual(Array(values.all.prefix(3)), [0, 1, 2])
    }

    // MARK: Marble diagrams (one frame = 10 ticks)

    func testMarblesEveryThreeFrames() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 300) { Observable<Int>.interval(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "---0--1--2", values: ["0": 0, "1": 1, "2": 2])
    }
}
