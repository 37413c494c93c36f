import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ScanTests: RivuletTestCase {
    func testSeedFormSendsEveryIntermediateResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 12), .next(220, 15), .next(230, 19), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testIntoFormMutatesTheAccumulator() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
        let res = scheduler.start { xs.scan(into: [String]()) { $0.append($1) } }
        XCTAssertEqual(res.events, [.next(210, ["a"]), .next(220, ["a", "b"]), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEmptySourceSendsNothingButCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.scan(0, accumulator: +) }
        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom)])
        let res = scheduler.start { xs.scan(0, accumulator: +) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testThrowingAccumulatorFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let res = scheduler.start {
            xs.scan(0) { sum, value in
                if value == 3 { throw TestError.boom }
                return sum + value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingIntoAccumulatorFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start {
            xs.scan(into: 0) { sum, value in
                if value == 3 { throw TestError.other(value) }
                sum += value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.other(3))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start(disposed: 215) { xs.scan(0, accumulator: +) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testEachSubscriptionStartsFromTheSeed() {
        let source = Observable.of(1, 2, 3).scan(0, accumulator: +)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        source.subscribe(first).dispose()
        source.subscribe(second).dispose()
        XCTAssertEqual(first.events, [.next(1), .next(3), .next(6), .completed])
        XCTAssertEqual(second.events, first.events)
    }
}
