import Rivulet
import TestSupport
import XCTest

final class SubscribeTests: RivuletTestCase {
    // MARK: subscribe(_ observer:)

    func testSubscribeObserverReceivesEveryEvent() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testSubscribeObserverDisposeStopsDelivery() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1)])
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: subscribe { event in }

    func testSubscribeEventClosure() {
        var events: [Event<Int>] = []
        _ = Observable.of(1, 2).subscribe { event in events.append(event) }
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
    }

    func testSubscribeEventClosureError() {
        var events: [Event<Int>] = []
        _ = Observable<Int>.error(TestError.boom).subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.boom)])
    }

    func testSubscribeEventClosureEndsTheSubscriptionOnTerminal() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        XCTAssertTrue(subject.hasObservers)
        subject.onCompleted()
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
        XCTAssertEqual(events, [.completed])
    }

    // MARK: subscribe(onNext:onError:onCompleted:onDisposed:)

    func testClosuresOnCompletion() {
        var log: [String] = []
        _ = Observable.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testClosuresOnError() {
        var log: [String] = []
        _ = Observable<Int>.error(TestError.boom).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["error boom", "disposed"])
    }

    func testOnDisposedOnceOnExplicitDispose() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subject.onNext(1)
        XCTAssertEqual(log, ["next 1"])
        subscription.dispose()
        subscription.dispose()
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(log, ["next 1", "disposed"])
        XCTAssertFalse(subject.hasObservers)
    }

    func testOnDisposedOnceWhenDisposedAfterCompletion() {
        let subject = PublishSubject<Int>()
        var disposed = 0
        let subscription = subject.subscribe(onDisposed: { disposed += 1 })
        subject.onCompleted()
        XCTAssertEqual(disposed, 1)
        subscription.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testOnDisposedOnceWhenDisposedAfterError() {
        let subject = PublishSubject<Int>()
        var disposed = 0
        var errors = 0
        let subscription = subject.subscribe(onError: { _ in errors += 1 }, onDisposed: { disposed += 1 })
        subject.onError(TestError.boom)
        subject.onError(TestError.boom)
        subscription.dispose()
        XCTAssertEqual(errors, 1)
        XCTAssertEqual(disposed, 1)
    }

    func testOnDisposedOnceUnderConcurrentDispose() {
        let subject = PublishSubject<Int>()
        let disposed = CountingDisposable()
        let subscription = subject.subscribe(onDisposed: { disposed.dispose() })
        runConcurrently(4) { _ in subscription.dispose() }
        XCTAssertEqual(disposed.disposeCount, 1)
    }

    func testOnDisposedRunsAfterTheTerminalClosure() {
        var log: [String] = []
        _ = Observable<Int>.empty().subscribe(
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["completed", "disposed"])
    }

    func testAllClosuresAreOptional() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe()
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testErrorWithoutOnErrorIsReportedAndEndsTheSubscription() {
        // Without `onError` the error is reported (printed in debug builds), never a crash.
        let subject = PublishSubject<Int>()
        var values: [Int] = []
        var disposed = 0
        _ = subject.subscribe(onNext: { values.append($0) }, onDisposed: { disposed += 1 })
        subject.onNext(1)
        subject.onError(TestError.boom)
        XCTAssertEqual(values, [1])
        XCTAssertEqual(disposed, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    func testAFinishedSubscriptionNoLongerHeldReleasesItsClosures() {
        final class Token {}
        let subject = PublishSubject<Int>()
        var token: Token? = Token()
        weak let weakToken = token
        do {
            let subscription = subject.subscribe(onNext: { [token] _ in _ = token })
            token = nil
            XCTAssertNotNil(weakToken)
            subject.onCompleted()
            XCTAssertFalse(subject.hasObservers)
            _ = subscription
        }
        XCTAssertNil(weakToken, "the subject keeps nothing of a finished subscription")
    }

    func testUnheldSubscriptionStaysAliveUntilItsTerminalEvent() {
        // `_ = subscribe(...)` keeps the subscription alive through the source, not the caller.
        final class Token {}
        let subject = PublishSubject<Int>()
        var token: Token? = Token()
        weak let weakToken = token
        var values: [Int] = []
        _ = subject.subscribe(onNext: { [token] value in
            _ = token
            values.append(value)
        })
        token = nil
        subject.onNext(1)
        XCTAssertNotNil(weakToken)
        subject.onCompleted()
        XCTAssertNil(weakToken)
        XCTAssertEqual(values, [1])
    }

    // MARK: subscribe(with:onNext:onError:onCompleted:onDisposed:)

    private final class Owner {
        var log: [String] = []
    }

    func testWithObjectPassesTheObject() {
        let owner = Owner()
        _ = Observable.of(1, 2).subscribe(
            with: owner,
            onNext: { owner, value in owner.log.append("next \(value)") },
            onError: { owner, _ in owner.log.append("error") },
            onCompleted: { owner in owner.log.append("completed") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testWithObjectError() {
        let owner = Owner()
        _ = Observable<Int>.error(TestError.boom).subscribe(
            with: owner,
            onError: { owner, error in owner.log.append("error \(error)") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["error boom", "disposed"])
    }

    func testWithObjectWithoutOnErrorReportsTheError() {
        // As plain `subscribe(onNext:)`: an error nobody handles goes to the hook, it is not
        // swallowed because the closures were wrapped.
        let owner = Owner()
        let reported = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).subscribe(
                with: owner, onNext: { owner, _ in owner.log.append("next") })
        }
        XCTAssertEqual(reported.count, 1)
        XCTAssertEqual(owner.log, [])
    }

    func testWithObjectHoldsTheObjectWeakly() {
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        var calls = 0
        let subscription = subject.subscribe(
            with: owner!,
            onNext: { _, _ in calls += 1 },
            onDisposed: { _ in calls += 100 }
        )
        subject.onNext(1)
        XCTAssertEqual(calls, 1)
        owner = nil
        XCTAssertNil(weakOwner, "the subscription does not keep the object alive")
        subject.onNext(2)
        subscription.dispose()
        XCTAssertEqual(calls, 1, "closures are skipped once the object is gone")
    }

    func testNoClosureRunsAfterDisposeEvenIfTheSourceIgnoresDisposal() {
        let source = StubbornSource()
        var values: [Int] = []
        var completed = false
        var disposed = 0
        let subscription = source.subscribe(
            onNext: { values.append($0) }, onCompleted: { completed = true }, onDisposed: { disposed += 1 })
        source.observer?.onNext(1)
        subscription.dispose()
        source.observer?.onNext(2)
        source.observer?.onCompleted()
        XCTAssertEqual(values, [1])
        XCTAssertFalse(completed)
        XCTAssertEqual(disposed, 1)
        source.observer = nil
    }

    func testDisposeReleasesTheClosuresEvenWhileTheDisposableIsKept() {
        final class Owner {
            var subscription: Disposable?
            var received: [Int] = []
        }
        let subject = PublishSubject<Int>()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            owner.subscription = subject.subscribe(onNext: { owner.received.append($0) })
            subject.onNext(1)
            XCTAssertEqual(owner.received, [1])
            owner.subscription?.dispose()
        }
        XCTAssertNil(weakOwner, "owner -> subscription -> onNext -> owner is broken by dispose()")
    }

    func testDisposeFromInsideOnNextIsSafe() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
            received.append(value * 10)  // the closure keeps running after its own release
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [1, 10])
        subscription = nil
    }

    func testOnNextReleasedDuringAReentrantValueLivesUntilTheOuterCallReturns() {
        // `onNext` is called at +0. The source sends a value while `onNext` runs, and that inner
        // call disposes the subscription: the closure, and what it captures, are released only
        // once the outer call has returned too (AddressSanitizer would catch a use after free).
        final class Payload {
            var values: [Int] = []
        }
        let source = StubbornSource()
        var payload: Payload? = Payload()
        weak let weakPayload = payload
        var subscription: Disposable?
        subscription = source.subscribe(onNext: { [payload] value in
            if value == 1 { source.observer?.onNext(2) } else { subscription?.dispose() }
            payload?.values.append(value)
        })
        payload = nil
        source.observer?.onNext(1)
        XCTAssertNil(weakPayload, "released once the outer call returned")
        source.observer?.onNext(3)
        source.observer = nil
        subscription = nil
    }
}

/// A hand-written source that keeps its observer and goes on sending after disposal.
private final class StubbornSource: ObservableType {
    typealias Element = Int
    var observer: AnyObserver<Int>?

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        self.observer = AnyObserver(observer)
        return Disposables.create()
    }
}
