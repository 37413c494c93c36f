import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// A resource for `using`: runs `onDispose` when disposed (a concrete type: `using` is generic over
/// it, as in RxSwift, so an existential `Disposable` does not fit).
private final class Resource: Disposable {
    let onDispose: () -> Void
    init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
    func dispose() { onDispose() }
}

final class UsingTests: RivuletTestCase {
    func testTheResourceLivesAsLongAsTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: TestTime?
        var disposedAt: TestTime?
        var xs: TestableObservable<Int>?
        let res = scheduler.start {
            Observable.using(
                { () -> Resource in
                    createdAt = scheduler.clock
                    return Resource { disposedAt = scheduler.clock }
                },
                observableFactory: { _ in
                    let source = scheduler.createColdObservable([.next(10, 1), .completed(30)])
                    xs = source
                    return source.asObservable()
                })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(createdAt, 200)
        XCTAssertEqual(disposedAt, 230)
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 230)])
    }

    func testDisposingTheSubscriptionDisposesTheSourceThenTheResource() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = Observable.using(
            { Resource { log.append("resource") } },
            observableFactory: { _ in subject.asObservable().do(onDispose: { log.append("source") }) }
        ).subscribe()
        XCTAssertTrue(subject.hasObservers)
        XCTAssertEqual(log, [])
        subscription.dispose()
        XCTAssertEqual(log, ["source", "resource"])
        XCTAssertFalse(subject.hasObservers)
    }

    func testAnErrorEndsBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: TestTime?
        let res = scheduler.start {
            Observable<Int>.using(
                { Resource { disposedAt = scheduler.clock } },
                observableFactory: { _ in
                    scheduler.createColdObservable([Recorded<Event<Int>>.error(20, TestError.boom)]).asObservable()
                })
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(disposedAt, 220)
    }

    func testFactoryThrows() {
        let errors = TestScheduler(initialClock: 0)
        let res = errors.start {
            Observable<Int>.using({ () -> Resource in throw TestError.boom }, observableFactory: { _ in .just(1) })
        }
        XCTAssertEqual(res.events, [.error(200, TestError.boom)])

        var disposed = false
        let observableThrows = TestScheduler(initialClock: 0)
        let res2 = observableThrows.start {
            Observable<Int>.using(
                { Resource { disposed = true } }, observableFactory: { _ in throw TestError.other(1) })
        }
        XCTAssertEqual(res2.events, [.error(200, TestError.other(1))])
        XCTAssertTrue(disposed)
    }
}
