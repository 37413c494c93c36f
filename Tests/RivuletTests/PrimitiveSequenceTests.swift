import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// The operators every trait shares (declared on `PrimitiveSequence`), on the virtual clock:
/// the timings are those of the observable operators they wrap.
final class PrimitiveSequenceTests: RivuletTestCase {
    func testDelayShiftsTheValueAndTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).delay(.seconds(10), scheduler: scheduler) }
        // As in RxSwift: the completion, sent with the value, is delivered in the next action.
        XCTAssertEqual(res.events, [.next(210, 1), .completed(211)])
    }

    func testMaybeDelayShiftsTheValueAndTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Maybe.just(1).delay(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(211)])
        let empty = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            empty.start { Maybe<Int>.empty().delay(.seconds(10), scheduler: empty) }.events, [.completed(210)])
    }

    func testDelaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .completed(5)])
        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(215, 1), .completed(215)])
        XCTAssertEqual(xs.subscriptions, [Subscription(210, 215)])
    }

    func testObserveOnAndSubscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.start { Single.just(1).observe(on: scheduler) }.events, [.next(201, 1), .completed(202)])
        let other = TestScheduler(initialClock: 0)
        XCTAssertEqual(other.start { Single.just(1).subscribe(on: other) }.events, [.next(201, 1), .completed(201)])
    }

    @available(*, deprecated)
    func testDeprecatedSpellings() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Single<Int>.error(TestError.boom).catchError { _ in .just(2) }.observeOn(scheduler).subscribeOn(scheduler)
        }
        XCTAssertEqual(res.events, [.next(202, 2), .completed(203)])
        var values: [Int] = []
        _ = Single<Int>.error(TestError.boom).catchErrorJustReturn(3).subscribe(onSuccess: { values.append($0) })
        _ = Maybe<Int>.error(TestError.boom).catchErrorJustReturn(4).subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [3, 4])
    }

    func testTimeoutFailsOrSwitches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start { xs.asSingle().timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(220, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createColdObservable([.next(50, 1), .completed(50)])
        let switched = other.start { ys.asSingle().timeout(.seconds(20), other: .just(9), scheduler: other) }
        XCTAssertEqual(switched.events, [.next(220, 9), .completed(220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testRetryResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])
        let res = scheduler.start { xs.asSingle().retry(2) }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220)])
    }

    func testCatchSwitchesToTheHandlersTrait() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(10)])
        let res = scheduler.start { xs.asMaybe().catch { _ in ys.asMaybe() } }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 220)])
    }

    func testTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }.events,
            [.next(230, 0), .completed(230)])
    }

    func testDeferredCallsTheFactoryPerSubscription() {
        var calls = 0
        let maybe = Maybe<Int>.deferred {
            calls += 1
            if calls == 2 { throw TestError.boom }
            return .just(calls)
        }
        var events: [MaybeEvent<Int>] = []
        _ = maybe.subscribe { events.append($0) }
        _ = maybe.subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .error(TestError.boom)])
    }

    func testUsingDisposesTheResourceWithTheSubscription() {
        final class Resource: Disposable {
            var disposed = 0
            func dispose() { disposed += 1 }
        }
        let resource = Resource()
        var values: [Int] = []
        _ = Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(3) })
            .subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [3])
        XCTAssertEqual(resource.disposed, 1)
    }
}
