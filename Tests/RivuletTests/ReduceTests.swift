import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ReduceTests: RivuletTestCase {
    func testSendsTheFinalValueAtCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
        ])
        let res = scheduler.start { xs.reduce(10, accumulator: +) }
        XCTAssertEqual(res.events, [.next(250, 16), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }
        XCTAssertEqual(res.events, [.next(250, "sum 3"), .completed(250)])
    }

    func testAnEmptySourceSendsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler.start { xs.reduce(42, accumulator: +) }.events, [.next(250, 42), .completed(250)])
    }

    func testAccumulatorThrowEndsTheStreamAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start {
            xs.reduce(0) { sum, value in
                if value == 2 { throw TestError.boom }
                return sum + value
            }
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMapResultThrow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError.boom }) }
        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.reduce(0, accumulator: +) }.events, [.error(230, TestError.boom)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .completed(300)])
        XCTAssertEqual(other.start(disposed: 250) { ys.reduce(0, accumulator: +) }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testEachSubscriptionStartsFromTheSeed() {
        let sums = Observable.of(1, 2, 3).reduce(0, accumulator: +)
        var received: [Int] = []
        _ = sums.subscribe(onNext: { received.append($0) })
        _ = sums.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [6, 6])
    }
}
