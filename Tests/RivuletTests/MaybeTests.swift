import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class MaybeTests: RivuletTestCase {
    func testCreateSuccessCompletedAndErrorTakeTheFirstResultOnly() {
        for (first, expected) in [
            (MaybeEvent<Int>.success(1), [Recorded.next(201, 1), .completed(201)]),
            (.completed, [.completed(201)]),
            (.error(TestError.boom), [.error(201, TestError.boom)]),
        ] {
            let scheduler = TestScheduler(initialClock: 0)
            var observer: Maybe<Int>.MaybeObserver?
            var disposedAt: TestTime?
            scheduler.scheduleAt(201) { observer?(first) }
            scheduler.scheduleAt(202) { observer?(.success(2)) }
            scheduler.scheduleAt(203) { observer?(.error(TestError.boom)) }
            scheduler.scheduleAt(204) { observer?(.completed) }
            let res = scheduler.start {
                Maybe<Int>.create { maybe in
                    observer = maybe
                    return Disposables.create { disposedAt = scheduler.clock }
                }
            }
            XCTAssertEqual(res.events, expected)
            XCTAssertEqual(disposedAt, 201)
            observer = nil
        }
    }

    func testCreateDisposedBeforeTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Maybe<Int>.MaybeObserver?
        var disposedAt: TestTime?
        scheduler.scheduleAt(203) { observer?(.success(1)) }
        let res = scheduler.start(disposed: 202) {
            Maybe<Int>.create { maybe in
                observer = maybe
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(disposedAt, 202)
        observer = nil
    }

    func testConcurrentResultsDeliverExactlyOne() {
        for round in 0..<200 {
            var observer: Maybe<Int>.MaybeObserver?
            let recorder = GrammarCheckingObserver<Int>()
            let subscription = Maybe<Int>.create { maybe in
                observer = maybe
                return Disposables.create()
            }.asObservable().subscribe(recorder.handler)
            guard let send = observer else { return XCTFail("not subscribed") }
            let other: MaybeEvent<Int> = round.isMultiple(of: 2) ? .completed : .error(TestError.boom)
            runConcurrently(2) { index in send(index == 0 ? .success(1) : other) }
            XCTAssertNotNil(recorder.terminalEvent)
            if !recorder.elements.isEmpty { XCTAssertTrue(recorder.isCompleted) }
            subscription.dispose()
            observer = nil
        }
    }

    func testSubscribeWithAnEventClosure() {
        var events: [MaybeEvent<Int>] = []
        _ = Maybe.just(1).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().subscribe { events.append($0) }
        _ = Maybe<Int>.error(TestError.boom).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .completed, .error(TestError.boom)])
        XCTAssertNotEqual(MaybeEvent.success(1), .success(2))
        XCTAssertNotEqual(MaybeEvent<Int>.completed, .error(TestError.boom))
    }

    func testAValueIsNotFollowedByOnCompleted() {
        var log: [String] = []
        let closures = (
            onSuccess: { (value: Int) in log.append("success \(value)") },
            onError: { (error: Error) in log.append("error \(error)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        for maybe in [Maybe.just(1), .empty(), .error(TestError.boom)] {
            _ = maybe.subscribe(
                onSuccess: closures.onSuccess, onError: closures.onError, onCompleted: closures.onCompleted,
                onDisposed: closures.onDisposed)
        }
        XCTAssertEqual(
            log, ["success 1", "disposed", "completed", "disposed", "error boom", "disposed"])
    }

    func testAnUnhandledErrorGoesToTheDefaultErrorHandler() {
        let errors = capturingUnhandledErrors { _ = Maybe<Int>.error(TestError.boom).subscribe() }
        XCTAssertEqual(errors.count, 1)
    }

    func testSubscribeWithAnObject() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Maybe<Int>.empty().subscribe(
            with: owner, onSuccess: { $0.log.append("success \($1)") }, onCompleted: { $0.log.append("completed") },
            onDisposed: { $0.log.append("disposed") })
        _ = Maybe<Int>.error(TestError.boom).subscribe(with: owner, onError: { $0.log.append("error \($1)") })
        XCTAssertEqual(owner.log, ["completed", "disposed", "error boom"])
    }

    func testFactories() {
        XCTAssertEqual(TestScheduler(initialClock: 0).start { Maybe.just(1) }.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(TestScheduler(initialClock: 0).start { Maybe<Int>.empty() }.events, [.completed(200)])
        XCTAssertEqual(TestScheduler(initialClock: 0).start { Maybe<Int>.never() }.events, [])
        XCTAssertEqual(
            TestScheduler(initialClock: 0).start { Maybe<Int>.error(TestError.boom) }.events,
            [.error(200, TestError.boom)])
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.start { Maybe.just(1, scheduler: scheduler) }.events, [.next(201, 1), .completed(202)])
    }

    func testOperators() {
        var events: [MaybeEvent<String>] = []
        _ = Maybe.just(2).map { "\($0 * 10)" }.subscribe { events.append($0) }
        _ = Maybe.just(2).filter { $0 > 5 }.map { "\($0)" }.subscribe { events.append($0) }
        _ = Maybe.just("7").compactMap { Int($0) }.map { "\($0 + 1)" }.subscribe { events.append($0) }
        _ = Maybe.just(1).flatMap { _ in Maybe<String>.empty() }.subscribe { events.append($0) }
        _ = Maybe<String>.error(TestError.boom).catchAndReturn("x").subscribe { events.append($0) }
        _ = Maybe<String>.error(TestError.boom).catch { _ in .empty() }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.success("20"), .completed, .success("8"), .completed, .success("x"), .completed])
    }

    func testDo() {
        var log: [String] = []
        _ = Maybe<Int>.empty()
            .do(
                onNext: { log.append("next \($0)") }, onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") }
            )
            .subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["onCompleted", "completed", "afterCompleted"])
    }

    func testZip() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.completed(20)])
        let res = scheduler.start { Maybe.zip(xs.asMaybe(), ys.asMaybe()) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])

        var events: [MaybeEvent<String>] = []
        _ = Maybe.zip(Maybe.just(1), Maybe.just("a")).map { "\($0)\($1)" }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.success("1a")])
    }

    func testSharedSingleAndMaybeOperatorsKeepTheTraitTheyWereCalledOn() {
        // Declared once over SingleOrMaybeTrait: the result types are still RxSwift's.
        let single: Single<Int> = Single.just(1).map { $0 + 1 }.flatMap { Single.just($0 * 10) }.catchAndReturn(0)
        let maybe: Maybe<Int> = Maybe.just(1).map { $0 + 1 }.flatMap { Maybe.just($0 * 10) }.catchAndReturn(0)
        let filtered: Maybe<Int> = Single.just(3).filter { $0 > 5 }
        let compacted: Maybe<Int> = Single.just("x").compactMap { Int($0) }
        let zipped: Single<(Int, Int)> = Single.zip(
            single,
            Single<Int>.never().catchAndReturn(1).timeout(
                .seconds(1), other: .just(2), scheduler: MainScheduler.instance))
        _ = zipped
        var values: [Int] = []
        _ = single.subscribe(onSuccess: { values.append($0) })
        _ = maybe.subscribe(onSuccess: { values.append($0) })
        var completions = 0
        _ = filtered.subscribe(onCompleted: { completions += 1 })
        _ = compacted.subscribe(onCompleted: { completions += 1 })
        XCTAssertEqual(values, [20, 20])
        XCTAssertEqual(completions, 2)
    }
}
