import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// `SingleEvent` is `Result<Element, Error>`, which is not `Equatable`: compare descriptions.
private func describe<Element>(_ events: [SingleEvent<Element>]) -> [String] {
    events.map { event in
        switch event {
        case .success(let value): return "success(\(value))"
        case .failure(let error): return "failure(\(error))"
        }
    }
}

final class SingleTests: RivuletTestCase {
    // MARK: create

    func testCreateSuccessSendsTheValueAndCompletesAndDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedAt: TestTime?
        scheduler.scheduleAt(201) { observer?(.success(1)) }
        scheduler.scheduleAt(202) { observer?(.success(2)) }
        scheduler.scheduleAt(203) { observer?(.failure(TestError.boom)) }
        let res = scheduler.start {
            Single<Int>.create { single in
                observer = single
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(201)])
        XCTAssertEqual(disposedAt, 201)
        observer = nil
    }

    func testCreateFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedAt: TestTime?
        scheduler.scheduleAt(201) { observer?(.failure(TestError.boom)) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        let res = scheduler.start {
            Single<Int>.create { single in
                observer = single
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events, [.error(201, TestError.boom)])
        XCTAssertEqual(disposedAt, 201)
        observer = nil
    }

    func testCreateDisposedBeforeTheResultSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedAt: TestTime?
        scheduler.scheduleAt(203) { observer?(.success(1)) }
        let res = scheduler.start(disposed: 202) {
            Single<Int>.create { single in
                observer = single
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(disposedAt, 202)
        observer = nil
    }

    // MARK: subscribe

    func testSubscribeWithAnEventClosure() {
        var events: [SingleEvent<Int>] = []
        _ = Single.just(1).subscribe { events.append($0) }
        _ = Single<Int>.error(TestError.boom).subscribe { events.append($0) }
        let never = Single<Int>.never().subscribe { events.append($0) }
        XCTAssertEqual(describe(events), ["success(1)", "failure(boom)"])
        never.dispose()
    }

    func testSubscribeOnSuccessOnFailureOnDisposed() {
        var log: [String] = []
        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })
        _ = Single<Int>.error(TestError.boom).subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })
        XCTAssertEqual(log, ["success 1", "disposed", "failure boom", "disposed"])
    }

    func testDisposingBeforeTheResultRunsOnDisposedOnly() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.asSingle().subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(log, ["disposed"])
        XCTAssertFalse(subject.hasObservers)
    }

    func testAnUnhandledFailureGoesToTheDefaultErrorHandler() {
        let errors = capturingUnhandledErrors {
            _ = Single<Int>.error(TestError.boom).subscribe(onSuccess: { _ in })
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first as? TestError, .boom)
    }

    @available(*, deprecated)
    func testDeprecatedOnErrorSpelling() {
        var failures: [String] = []
        _ = Single<Int>.error(TestError.boom).subscribe(onSuccess: nil, onError: { failures.append("\($0)") })
        XCTAssertEqual(failures, ["boom"])
    }

    func testSubscribeWithAnObjectHeldWeakly() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Single.just(2).subscribe(
            with: owner, onSuccess: { $0.log.append("success \($1)") }, onDisposed: { $0.log.append("disposed") })
        XCTAssertEqual(owner.log, ["success 2", "disposed"])

        let subject = PublishSubject<Int>()
        var released: Owner? = Owner()
        weak let weakOwner = released
        let subscription = subject.asSingle().subscribe(with: released!, onSuccess: { _, _ in XCTFail("released") })
        released = nil
        XCTAssertNil(weakOwner)
        subject.onNext(1)
        subject.onCompleted()
        subscription.dispose()
    }

    func testADisposeBagMutesBeforeItDisposes() {
        // Disposing the first subscription makes the source of the second succeed: the second
        // subscription's closure must not run, because the bag is tearing down.
        let trigger = PublishSubject<Int>()
        var log: [String] = []
        do {
            let bag = DisposeBag()
            Single<Int>.never().asObservable().do(onDispose: { trigger.onNext(1) }).asSingle()
                .subscribe(onSuccess: { _ in log.append("first") }).disposed(by: bag)
            trigger.take(1).asSingle().subscribe(onSuccess: { _ in log.append("second") }).disposed(by: bag)
        }
        XCTAssertEqual(log, [])
        XCTAssertFalse(trigger.hasObservers)
    }

    func testConcurrentResultsDeliverExactlyOne() {
        for _ in 0..<200 {
            var observer: Single<Int>.SingleObserver?
            let recorder = GrammarCheckingObserver<Int>()
            let subscription = Single<Int>.create { single in
                observer = single
                return Disposables.create()
            }.asObservable().subscribe(recorder.handler)
            guard let send = observer else { return XCTFail("not subscribed") }
            runConcurrently(2) { index in send(index == 0 ? .success(1) : .failure(TestError.boom)) }
            XCTAssertNotNil(recorder.terminalEvent)
            XCTAssertEqual(recorder.elements.count, recorder.isCompleted ? 1 : 0)
            subscription.dispose()
            observer = nil
        }
    }

    // MARK: Factories and operators

    func testFactories() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.start { Single.just(1) }.events, [.next(200, 1), .completed(200)])
        let onScheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            onScheduler.start { Single.just(1, scheduler: onScheduler) }.events, [.next(201, 1), .completed(202)])
        let failing = TestScheduler(initialClock: 0)
        XCTAssertEqual(failing.start { Single<Int>.error(TestError.boom) }.events, [.error(200, TestError.boom)])
        let never = TestScheduler(initialClock: 0)
        XCTAssertEqual(never.start { Single<Int>.never() }.events, [])
        var made = 0
        let deferred = TestScheduler(initialClock: 0)
        let res = deferred.start {
            Single.deferred { () -> Single<Int> in
                made += 1
                return .just(made)
            }
        }
        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testMapAndFlatMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 5), .completed(10)])
        let res = scheduler.start {
            Single.just(2).map { $0 * 10 }.flatMap { x in ys.asSingle().map { x + $0 } }
        }
        XCTAssertEqual(res.events, [.next(210, 25), .completed(210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])

        let failing = TestScheduler(initialClock: 0)
        let failed = failing.start { Single.just(2).map { _ -> Int in throw TestError.boom } }
        XCTAssertEqual(failed.events, [.error(200, TestError.boom)])
    }

    func testFilterAndCompactMapGiveAMaybe() {
        var events: [MaybeEvent<Int>] = []
        let kept: Maybe<Int> = Single.just(2).filter { $0 > 1 }
        let dropped: Maybe<Int> = Single.just(2).filter { $0 > 5 }
        let compact: Maybe<Int> = Single.just("x").compactMap { Int($0) }
        _ = kept.subscribe { events.append($0) }
        _ = dropped.subscribe { events.append($0) }
        _ = compact.subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(2), .completed, .completed])
    }

    func testFlatMapMaybeAndFlatMapCompletable() {
        var maybe: [MaybeEvent<Int>] = []
        _ = Single.just(1).flatMapMaybe { $0 > 0 ? Maybe.just($0 + 1) : .empty() }.subscribe { maybe.append($0) }
        XCTAssertEqual(maybe, [.success(2)])
        var completable: [CompletableEvent] = []
        _ = Single.just(1).flatMapCompletable { _ in Completable.empty() }.subscribe { completable.append($0) }
        _ = Single.just(1).flatMapCompletable { _ in Completable.error(TestError.boom) }.subscribe {
            completable.append($0)
        }
        XCTAssertEqual(completable, [.completed, .error(TestError.boom)])
    }

    func testDoRunsSideEffectsInOrder() {
        var log: [String] = []
        _ = Single.just(1)
            .do(
                onSuccess: { log.append("onSuccess \($0)") }, afterSuccess: { log.append("afterSuccess \($0)") },
                onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onSuccess: { log.append("value \($0)") })
        XCTAssertEqual(
            log, ["onSubscribe", "onSuccess 1", "value 1", "afterSuccess 1", "onSubscribed", "onDispose"])
    }

    func testCatchCatchAndReturnAndRetry() {
        var events: [SingleEvent<Int>] = []
        _ = Single<Int>.error(TestError.boom).catch { _ in .just(7) }.subscribe { events.append($0) }
        _ = Single<Int>.error(TestError.boom).catchAndReturn(8).subscribe { events.append($0) }
        var attempts = 0
        _ = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.other(attempts)) : .just(attempts)
        }.retry(3).subscribe { events.append($0) }
        XCTAssertEqual(describe(events), ["success(7)", "success(8)", "success(3)"])
    }

    func testZipOfSinglesAndOfACollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys = scheduler.createColdObservable([.next(30, 2), .completed(30)])
        let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])

        var tuples: [String] = []
        _ = Single.zip(Single.just(1), Single.just("a"), Single.just(true)).subscribe(onSuccess: {
            tuples.append("\($0)\($1)\($2)")
        })
        XCTAssertEqual(tuples, ["1atrue"])

        var arrays: [[Int]] = []
        _ = Single.zip([Single.just(1), Single.just(2)]).subscribe(onSuccess: { arrays.append($0) })
        _ = Single.zip([Single<Int>]()).subscribe(onSuccess: { arrays.append($0) })
        _ = Single.zip([Single.just(1), Single.just(2)], resultSelector: { [$0.reduce(0, +)] })
            .subscribe(onSuccess: { arrays.append($0) })
        _ = Single.zip([Single<Int>](), resultSelector: { _ in [42] }).subscribe(onSuccess: { arrays.append($0) })
        XCTAssertEqual(arrays, [[1, 2], [], [3], [42]])
    }

    func testZipFailsWithTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(30, 1), .completed(30)])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.error(20, TestError.boom)])
        let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 } }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testEightSingles() {
        var sums: [Int] = []
        let one = Single.just(1)
        _ = Single.zip(one, one, one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            .subscribe(onSuccess: { sums.append($0) })
        _ = Single.zip(one, one, one, one, one, one, one, one).map { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            .subscribe(onSuccess: { sums.append($0) })
        XCTAssertEqual(sums, [8, 8])
    }

    func testConversions() {
        var maybe: [MaybeEvent<Int>] = []
        _ = Single.just(1).asMaybe().subscribe { maybe.append($0) }
        XCTAssertEqual(maybe, [.success(1)])
        var completable: [CompletableEvent] = []
        _ = Single.just(1).asCompletable().subscribe { completable.append($0) }
        XCTAssertEqual(completable, [.completed])
        // The trait is a struct around its observable: no new object either way.
        let single = Single.just(1)
        XCTAssertTrue(single.asObservable() === single.primitiveSequence.asObservable())
    }
}
