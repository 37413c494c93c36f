import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class RangeTests: RivuletTestCase {
    func testSendsConsecutiveIntegers() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 5, count: 3) }
        XCTAssertEqual(res.events, [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
    }

    func testZeroAndNegativeCountCompleteAtOnce() {
        for count in [0, -3] {
            let scheduler = TestScheduler(initialClock: 0)
            XCTAssertEqual(scheduler.start { Observable.range(start: 5, count: count) }.events, [.completed(200)])
        }
    }

    func testTheLastValueMayBeMaxButNotPastIt() {
        var values: [Int8] = []
        _ = Observable<Int8>.range(start: 125, count: 3).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [125, 126, 127])
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.start { Observable<Int8>.range(start: 125, count: 4) }.events, [.error(200, RxError.overflow)])
    }

    func testOnAScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 1, count: 2, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testDisposingStopsTheIteration() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) { Observable.range(start: 1, count: 100, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3)])
        var values: [Int] = []
        _ = Observable.range(start: 0, count: Int.max).take(2).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [0, 1])
    }
}
