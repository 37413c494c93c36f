import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TakeWithPredicateTests: RivuletTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
    }

    func testUntilPredicateExclusiveIsTheDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(until: { $0 == 3 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testUntilPredicateInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(until: { $0 == 3 }, behavior: .inclusive) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWhileExclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWhileInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(while: { $0 < 3 }, behavior: .inclusive) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testPredicateNeverStopsThenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(while: { _ in true }) }
        XCTAssertEqual(
            res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.take(while: { _ in true }) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingPredicateFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start {
            xs.take(while: { value in
                if value == 2 { throw TestError.boom }
                return true
            })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start(disposed: 215) { xs.take(until: { $0 == 3 }) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testPredicateIsNotCalledAfterStopping() {
        let source = ReentrantSource<Int>()
        var calls = 0
        var values: [Int] = []
        let subscription = source.take(
            until: { value in
                calls += 1
                return value == 1
            }, behavior: .inclusive
        ).subscribe(onNext: { value in
            values.append(value)
            source.send(.next(value + 1))  // reentrant, dropped
        })
        source.send(.next(1))
        XCTAssertEqual(values, [1])
        XCTAssertEqual(calls, 1)
        XCTAssertFalse(source.isSubscribed)
        subscription.dispose()
    }

    @available(*, deprecated)
    func testDeprecatedSpellings() {
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        Observable.of(1, 2, 3).takeWhile { $0 < 2 }.subscribe(first).dispose()
        Observable.of(1, 2, 3).takeUntil(.inclusive) { $0 == 2 }.subscribe(second).dispose()
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(1), .next(2), .completed])
    }
}
