import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class GenerateTests: RivuletTestCase {
    func testRunsTheLoop() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 2 }) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 4), .next(200, 8), .completed(200)])
    }

    func testAFalseInitialConditionCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.generate(initialState: 10, condition: { $0 < 10 }, iterate: { $0 + 1 }) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testThrowsFail() {
        let conditionThrows = TestScheduler(initialClock: 0)
        let res = conditionThrows.start {
            Observable.generate(
                initialState: 0,
                condition: { value -> Bool in
                    if value == 2 { throw TestError.boom }
                    return true
                }, iterate: { $0 + 1 })
        }
        XCTAssertEqual(res.events, [.next(200, 0), .next(200, 1), .error(200, TestError.boom)])

        let iterateThrows = TestScheduler(initialClock: 0)
        let res2 = iterateThrows.start {
            Observable.generate(
                initialState: 0, condition: { _ in true }, iterate: { _ -> Int in throw TestError.boom })
        }
        XCTAssertEqual(res2.events, [.next(200, 0), .error(200, TestError.boom)])
    }

    func testAnEndlessLoopStopsWhenDisposed() {
        var values: [Int] = []
        _ = Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 }).take(3)
            .subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [0, 1, 2])
    }

    func testOnAScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 < 3 }, scheduler: scheduler, iterate: { $0 + 1 })
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])

        let disposed = TestScheduler(initialClock: 0)
        let res2 = disposed.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: disposed, iterate: { $0 + 1 })
        }
        XCTAssertEqual(res2.events, [.next(201, 0), .next(202, 1)])

        let failing = TestScheduler(initialClock: 0)
        let res3 = failing.start {
            Observable.generate(
                initialState: 0, condition: { _ in true }, scheduler: failing,
                iterate: { _ -> Int in throw TestError.boom })
        }
        XCTAssertEqual(res3.events, [.next(201, 0), .error(202, TestError.boom)])
    }
}
