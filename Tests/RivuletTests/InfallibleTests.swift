import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class InfallibleTests: RealTimeTestCase {
    // MARK: Conversions

    func testOnErrorJustReturnReplacesTheErrorWithTheValueAndCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-#")
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: "z") }
        assertMarbles(res.events, "-a-b-(z|)")
        assertSubscriptions(xs, "^----!")
    }

    func testOnErrorFallbackToSwitchesToTheFallback() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-#")
        let ys = try scheduler.createColdObservable("-y-z|")
        let fallback = ys.asInfallible(onErrorJustReturn: "never")
        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: fallback) }
        assertMarbles(res.events, "-a--y-z|")
        assertSubscriptions(ys, "---^---!")
    }

    func testOnErrorRecoverReceivesTheError() {
        var seen: [TestError] = []
        let recovered = Observable<Int>.error(TestError.other(7)).asInfallible { error in
            seen.append(error as! TestError)
            return .just(7)
        }
        var values: [Int] = []
        var completed = false
        _ = recovered.subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(seen, [.other(7)])
        XCTAssertEqual(values, [7])
        XCTAssertTrue(completed)
    }

    func testAValueWithoutAnErrorPassesUnchanged() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-|")
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: "z") }
        assertMarbles(res.events, "-a-b-|")
    }

    func testTraitsAndRelaysConvert() {
        let single = Single<Int>.error(TestError.boom).asInfallible(onErrorJustReturn: 0)
        XCTAssertEqual(record(single), [.next(0), .completed])

        let relay = BehaviorRelay(value: 1)
        let recorder = EventRecorder<Int>()
        let subscription = relay.asInfallible().subscribe(recorder.handler)
        relay.accept(2)
        XCTAssertEqual(recorder.elements, [1, 2])
        subscription.dispose()
        XCTAssertEqual(record(PublishRelay<Int>().asInfallible().take(0)), [.completed])
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(5)
        XCTAssertEqual(record(replay.asInfallible().take(1)), [.next(5), .completed])
    }

    // MARK: create and factories

    func testCreateSendsValuesAndCompletionAndDisposesTheResource() {
        let resource = CountingDisposable()
        let infallible = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.next(2))
            observer(.completed)
            observer(.next(3))
            return resource
        }
        XCTAssertEqual(record(infallible), [.next(1), .next(2), .completed])
        XCTAssertEqual(resource.disposeCount, 1)
    }

    func testCreateFromAnotherThreadIsSerialised() {
        let done = expectation(description: "completed")
        let infallible = Infallible<Int>.create { observer in
            nonisolated(unsafe) let send = observer
            DispatchQueue.global().async {
                for value in 0..<100 { send(.next(value)) }
                send(.completed)
            }
            return Disposables.create()
        }
        let lock = NSLock()
        var values: [Int] = []
        let subscription = infallible.subscribe(
            onNext: { value in lock.withLock { values.append(value) } }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(lock.withLock { values }, Array(0..<100))
        subscription.dispose()
    }

    func testInfallibleEventConvertsToEvent() {
        XCTAssertEqual(InfallibleEvent.next(1).event, .next(1))
        XCTAssertEqual(InfallibleEvent<Int>.completed.event, .completed)
    }

    func testFactories() {
        XCTAssertEqual(record(Infallible.just(1)), [.next(1), .completed])
        XCTAssertEqual(record(Infallible<Int>.empty()), [.completed])
        XCTAssertEqual(record(Infallible.of(1, 2, 3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(record(Infallible.from([4, 5])), [.next(4), .next(5), .completed])
        XCTAssertEqual(record(Infallible.from(6...7)), [.next(6), .next(7), .completed])
        XCTAssertEqual(record(Infallible.repeatElement(8).take(2)), [.next(8), .next(8), .completed])
        var calls = 0
        let deferred = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        XCTAssertEqual(record(deferred), [.next(1), .completed])
        XCTAssertEqual(record(deferred), [.next(2), .completed])
        let never = Infallible<Int>.never().subscribe(onNext: { _ in XCTFail("never sends") })
        never.dispose()
    }

    func testFactoriesOnASchedulerAndTimers() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 250) {
            Infallible.merge(
                Infallible<Int>.interval(.seconds(20), scheduler: scheduler).map { $0 + 10 },
                Infallible<Int>.timer(.seconds(15), scheduler: scheduler).map { $0 + 100 },
                Infallible.of(1, 2, scheduler: scheduler),
                Infallible.just(3, scheduler: scheduler))
        }
        XCTAssertEqual(
            res.events, [.next(201, 1), .next(201, 3), .next(202, 2), .next(215, 100), .next(220, 10), .next(240, 11)])
    }

    // MARK: Operators keep the trait

    func testTransformingOperatorsKeepTheTypeAndBehave() {
        let source = Infallible.of(1, 2, 2, 3, 4)
        let mapped: Infallible<String> = source.map { "\($0)" }
        XCTAssertEqual(record(mapped), [.next("1"), .next("2"), .next("2"), .next("3"), .next("4"), .completed])
        let compact: Infallible<Int> = source.compactMap { $0 % 2 == 0 ? $0 * 10 : nil }
        XCTAssertEqual(record(compact), [.next(20), .next(20), .next(40), .completed])
        let filtered: Infallible<Int> = source.filter { $0 > 2 }
        XCTAssertEqual(record(filtered), [.next(3), .next(4), .completed])
        let scanned: Infallible<Int> = source.scan(0, accumulator: +)
        XCTAssertEqual(record(scanned), [.next(1), .next(3), .next(5), .next(8), .next(12), .completed])
        let scannedInto: Infallible<[Int]> = source.take(2).scan(into: []) { $0.append($1) }
        XCTAssertEqual(record(scannedInto), [.next([1]), .next([1, 2]), .completed])
        let distinct: Infallible<Int> = source.distinctUntilChanged()
        XCTAssertEqual(record(distinct), [.next(1), .next(2), .next(3), .next(4), .completed])
        let byKey: Infallible<Int> = source.distinctUntilChanged { $0 / 2 }
        XCTAssertEqual(record(byKey), [.next(1), .next(2), .next(4), .completed])
        let byComparer: Infallible<Int> = source.distinctUntilChanged { abs($0 - $1) <= 1 }
        XCTAssertEqual(record(byComparer), [.next(1), .next(3), .completed])
        let byKeyComparer: Infallible<Int> = source.distinctUntilChanged({ $0 % 2 }, comparer: ==)
        XCTAssertEqual(record(byKeyComparer), [.next(1), .next(2), .next(3), .next(4), .completed])
        let byKeyPath: Infallible<String> = Infallible.of("a", "b", "cc").distinctUntilChanged(at: \.count)
        XCTAssertEqual(record(byKeyPath), [.next("a"), .next("cc"), .completed])
        let started: Infallible<Int> = source.take(1).startWith(-1, 0)
        XCTAssertEqual(record(started), [.next(-1), .next(0), .next(1), .completed])
    }

    func testTakeAndSkipKeepTheTypeAndBehave() {
        let source = Infallible.of(1, 2, 3, 4, 5)
        let taken: Infallible<Int> = source.take(2)
        XCTAssertEqual(record(taken), [.next(1), .next(2), .completed])
        let takenWhile: Infallible<Int> = source.take(while: { $0 < 3 }, behavior: .inclusive)
        XCTAssertEqual(record(takenWhile), [.next(1), .next(2), .next(3), .completed])
        let takenUntil: Infallible<Int> = source.take(until: { $0 == 2 })
        XCTAssertEqual(record(takenUntil), [.next(1), .completed])
        let skipped: Infallible<Int> = source.skip(3)
        XCTAssertEqual(record(skipped), [.next(4), .next(5), .completed])
        let skippedWhile: Infallible<Int> = source.skip(while: { $0 < 4 })
        XCTAssertEqual(record(skippedWhile), [.next(4), .next(5), .completed])
    }

    func testTakeUntilAnObservableOrAnInfallible() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-d-|")
        let trigger = try scheduler.createHotObservable("----x")
        let taken = scheduler.start { xs.asInfallible(onErrorJustReturn: "").take(until: trigger) }
        assertMarbles(taken.events, "-a-b|")

        let other = TestScheduler(initialClock: 0)
        let ys = try other.createHotObservable("-a-b-c-d-|")
        let infallibleTrigger = try other.createHotObservable("--x").asInfallible(onErrorJustReturn: "")
        let takenByInfallible = other.start { ys.asInfallible(onErrorJustReturn: "").take(until: infallibleTrigger) }
        assertMarbles(takenByInfallible.events, "-a|")
    }

    func testAnErrorFromTheTriggerCannotEnterTheInfallible() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-|")
        let failing = try scheduler.createHotObservable("--#")
        let taken = scheduler.start { xs.asInfallible(onErrorJustReturn: "").take(until: failing) }
        assertMarbles(taken.events, "-a-b-c-|")

        let other = TestScheduler(initialClock: 0)
        let ys = try other.createHotObservable("-a-b-c-|")
        let failingTrigger = try other.createHotObservable("--#")
        let skipped = other.start { ys.asInfallible(onErrorJustReturn: "").skip(until: failingTrigger) }
        // The failed trigger never opens the gate; as in RxSwift, a source that completes before
        // the trigger sent a value ends the stream without a completion.
        XCTAssertEqual(skipped.events, [])
        assertSubscriptions(ys, "^------!")
    }

    func testSkipUntilAnInfallible() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-|")
        let trigger = try scheduler.createHotObservable("--x")
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: "").skip(until: trigger.asInfallible(onErrorJustReturn: ""))
        }
        assertMarbles(res.events, "---b-c-|")
    }

    func testFlatteningOperatorsKeepTheTypeWithInfallibleInners() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a---b---|")
        let inner: (String) -> Infallible<String> = { value in
            Infallible.of(value + "1", value + "2", scheduler: scheduler)
        }
        let merged: () -> Infallible<String> = { xs.asInfallible(onErrorJustReturn: "").flatMap(inner) }
        XCTAssertEqual(
            scheduler.start(merged).events.map(\.value.element),
            ["a1", "a2", "b1", "b2", nil])
        let latest: Infallible<String> = xs.asInfallible(onErrorJustReturn: "").flatMapLatest { .just($0) }
        let first: Infallible<String> = xs.asInfallible(onErrorJustReturn: "").flatMapFirst { .just($0 + "!") }
        let concatenated: Infallible<String> = xs.asInfallible(onErrorJustReturn: "").concatMap(inner)
        XCTAssertEqual(
            record(Infallible.of("p", "q").flatMapLatest { .just($0) }), [.next("p"), .next("q"), .completed])
        XCTAssertEqual(record(Infallible.of("p").flatMapFirst { .just($0 + "!") }), [.next("p!"), .completed])
        XCTAssertEqual(
            record(Infallible.of("p", "q").concatMap { Infallible.of($0, $0) }),
            [.next("p"), .next("p"), .next("q"), .next("q"), .completed])
        _ = (latest, first, concatenated)
        // Without annotations, an `Infallible` inner picks the overload that keeps the trait.
        let inferred = Infallible.just(1).flatMap { Infallible.just($0 + 1) }
        let kept: Infallible<Int> = inferred
        XCTAssertEqual(record(kept), [.next(2), .completed])
    }

    func testAFallibleInnerMakesAnObservable() {
        let inner = Observable<Int>.error(TestError.boom)
        let merged: Observable<Int> = Infallible.just(1).flatMap { _ in inner }
        let latest: Observable<Int> = Infallible.just(1).flatMapLatest { _ in inner }
        let first: Observable<Int> = Infallible.just(1).flatMapFirst { _ in inner }
        let concatenated: Observable<Int> = Infallible.just(1).concatMap { _ in Single<Int>.error(TestError.boom) }
        for observable in [merged, latest, first, concatenated] {
            XCTAssertEqual(record(observable), [.error(TestError.boom)])
        }
        let then: Observable<Int> = Infallible.just(1).concat(inner)
        XCTAssertEqual(record(then), [.next(1), .error(TestError.boom)])
        let latestFrom: Observable<Int> = Infallible.just(1).withLatestFrom(BehaviorSubject(value: 2))
        XCTAssertEqual(record(latestFrom), [.next(2), .completed])
    }

    func testTimeOperatorsKeepTheTypeAndBehave() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-ab---c-|")
        let debounced = scheduler.start { () -> Infallible<String> in
            xs.asInfallible(onErrorJustReturn: "").debounce(.seconds(20), scheduler: scheduler)
        }
        assertMarbles(debounced.events, "----b---(c|)")

        let second = TestScheduler(initialClock: 0)
        let ys = try second.createHotObservable("-ab---c-|")
        let throttled = second.start { () -> Infallible<String> in
            ys.asInfallible(onErrorJustReturn: "").throttle(.seconds(30), latest: false, scheduler: second)
        }
        assertMarbles(throttled.events, "-a----c-|")

        let third = TestScheduler(initialClock: 0)
        let zs = try third.createHotObservable("-a-|")
        let delayed = third.start { () -> Infallible<String> in
            zs.asInfallible(onErrorJustReturn: "").delay(.seconds(20), scheduler: third)
        }
        assertMarbles(delayed.events, "---a-|")
    }

    func testSchedulingOperatorsKeepTheType() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { () -> Infallible<Int> in
            Infallible.just(1).subscribe(on: scheduler).observe(on: scheduler)
                .delaySubscription(.seconds(10), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(212, 1), .completed(213)])
    }

    func testDoAndShareKeepTheTypeAndBehave() {
        var log: [String] = []
        let source = Infallible.of(1, 2)
        let observed: Infallible<Int> = source.do(
            onNext: { log.append("next \($0)") }, afterNext: { log.append("after \($0)") },
            onCompleted: { log.append("completed") }, afterCompleted: { log.append("after completed") },
            onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
            onDispose: { log.append("dispose") })
        XCTAssertEqual(record(observed), [.next(1), .next(2), .completed])
        XCTAssertEqual(
            log,
            [
                // As in RxSwift: `of` sends on the trampoline, after the subscription returned.
                "subscribe", "subscribed", "next 1", "after 1", "next 2", "after 2", "completed", "after completed",
                "dispose",
            ])

        let subject = PublishSubject<Int>()
        let shared: Infallible<Int> = subject.asInfallible(onErrorJustReturn: 0).share(replay: 1)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        let a = shared.subscribe(first.handler)
        subject.onNext(1)
        let b = shared.subscribe(second.handler)
        subject.onError(TestError.boom)
        XCTAssertEqual(first.events, [.next(1), .next(0), .completed])
        XCTAssertEqual(second.events, [.next(1), .next(0), .completed])
        a.dispose()
        b.dispose()
    }

    func testWithUnretainedAndWithLatestFrom() {
        final class Owner {}
        var owner: Owner? = Owner()
        let subject = PublishSubject<Int>()
        var pairs: [Int] = []
        let subscription = subject.asInfallible(onErrorJustReturn: 0).withUnretained(owner!)
            .subscribe(onNext: { _, value in pairs.append(value) })
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        XCTAssertEqual(pairs, [1])
        subscription.dispose()

        let selected: Infallible<String> = Infallible.just(1).withUnretained(self) { _, value in "\(value)" }
        XCTAssertEqual(record(selected), [.next("1"), .completed])

        let latest = BehaviorRelay(value: "x").asInfallible()
        let combined: Infallible<String> = Infallible.of(1, 2).withLatestFrom(latest) { "\($0)\($1)" }
        XCTAssertEqual(record(combined), [.next("1x"), .next("2x"), .completed])
        let plain: Infallible<String> = Infallible.of(1).withLatestFrom(latest)
        XCTAssertEqual(record(plain), [.next("x"), .completed])
    }

    // MARK: Combining

    func testCombineLatestAndZipOfInfallibles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let a = try scheduler.createHotObservable("-1---2---3-|").asInfallible(onErrorJustReturn: "")
        let b = try scheduler.createHotObservable("---x---y---|").asInfallible(onErrorJustReturn: "")
        let combined = scheduler.start { Infallible.combineLatest(a, b) { $0 + $1 } }
        assertMarbles(combined.events, "---A-B-C-D-|", values: ["A": "1x", "B": "2x", "C": "2y", "D": "3y"])

        let other = TestScheduler(initialClock: 0)
        let c = try other.createHotObservable("-1---2---3-|").asInfallible(onErrorJustReturn: "")
        let d = try other.createHotObservable("---x---y---|").asInfallible(onErrorJustReturn: "")
        let zipped = other.start { Infallible.zip(c, d).map { $0 + $1 } }
        assertMarbles(zipped.events, "---A---B---|", values: ["A": "1x", "B": "2y"])

        XCTAssertEqual(
            record(
                Infallible.combineLatest(Infallible.just(1), Infallible.just("a"), Infallible.just(true)).map {
                    "\($0)\($1)\($2)"
                }),
            [.next("1atrue"), .completed])
        XCTAssertEqual(
            record(
                Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b"), Infallible.of(3, 4)) { "\($0)\($1)\($2)" }),
            [.next("1a3"), .next("2b4"), .completed])
        XCTAssertEqual(
            record(Infallible.combineLatest([Infallible.just(1), Infallible.just(2)])), [.next([1, 2]), .completed])
        XCTAssertEqual(
            record(Infallible.zip([Infallible.of(1, 2), Infallible.of(3, 4)]) { $0.reduce(0, +) }),
            [.next(4), .next(6), .completed])
        XCTAssertEqual(
            record(
                Infallible.combineLatest(
                    Infallible.just(1), Infallible.just(2), Infallible.just(3), Infallible.just(4), Infallible.just(5),
                    Infallible.just(6), Infallible.just(7), Infallible.just(8)
                ) { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> Int in
                    let left = a + b + c + d
                    return left + e + f + g + h
                }),
            [.next(36), .completed])
    }

    func testMergeAndConcat() throws {
        func run(
            _ expected: String, line: UInt = #line,
            _ make: (Infallible<String>, Infallible<String>) -> Infallible<String>
        ) throws {
            let scheduler = TestScheduler(initialClock: 0)
            let a = try scheduler.createColdObservable("-1---3|").asInfallible(onErrorJustReturn: "")
            let b = try scheduler.createColdObservable("---2---4|").asInfallible(onErrorJustReturn: "")
            let result = make(a, b)
            assertMarbles(scheduler.start { result }.events, expected, line: line)
        }
        try run("-1-2-3-4|") { Infallible.merge([$0, $1]) }
        try run("-1-2-3-4|") { Infallible.merge($0, $1) }
        try run("-1-2-3-4|") { Infallible.merge(AnyCollection([$0, $1])) }
        try run("-1---3---2---4|") { Infallible.concat($0, $1) }
        try run("-1---3---2---4|") { $0.concat($1) }
        try run("-1---3---2---4|") { Infallible.concat([$0, $1]) }
        try run("-1---3---2---4|") { Infallible.concat(AnySequence([$0, $1])) }
    }

    // MARK: Subscribing and binding

    func testSubscribeRunsOnCompletedAndOnDisposedOnce() {
        var log: [String] = []
        let subscription = Infallible.of(1, 2).subscribe(
            onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        XCTAssertEqual(log, ["1", "2", "completed", "disposed"])
    }

    func testDisposingEndsTheSourceSubscription() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-|")
        let res = scheduler.start(disposed: 240) { xs.asInfallible(onErrorJustReturn: "z").map { $0 + "!" } }
        XCTAssertEqual(res.events, [.next(210, "a!"), .next(230, "b!")])
        assertSubscriptions(xs, "^---!")

        var disposed = false
        let subject = PublishSubject<Int>()
        let subscription = subject.asInfallible(onErrorJustReturn: 0).subscribe(onDisposed: { disposed = true })
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertTrue(disposed)
        XCTAssertFalse(subject.hasObservers)
    }

    func testSubscribeWithHoldsTheObjectWeakly() {
        final class Screen {
            var texts: [String] = []
            var completed = false
        }
        var screen: Screen? = Screen()
        let subject = PublishSubject<String>()
        let subscription = subject.asInfallible(onErrorJustReturn: "")
            .subscribe(
                with: screen!, onNext: { owner, text in owner.texts.append(text) },
                onCompleted: { owner in owner.completed = true })
        subject.onNext("a")
        XCTAssertEqual(screen?.texts, ["a"])
        screen = nil  // the subscription holds it weakly, so it is released here
        subject.onNext("b")
        subscription.dispose()
    }

    func testBindToRelaysAndObservers() {
        let source = Infallible.of(1, 2)
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let recorder = EventRecorder<Int>()
        let subscription = publish.subscribe(recorder.handler)
        _ = source.bind(to: publish)
        _ = source.bind(to: behavior)
        _ = source.bind(to: replay)
        XCTAssertEqual(recorder.elements, [1, 2])
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(record(replay.take(2)), [.next(1), .next(2), .completed])
        subscription.dispose()

        let subject = PublishSubject<Int>()
        let observed = EventRecorder<Int>()
        let subjectSubscription = subject.subscribe(observed.handler)
        _ = source.bind(to: subject)
        XCTAssertEqual(observed.events, [.next(1), .next(2), .completed])
        subjectSubscription.dispose()

        let optional = BehaviorSubject<Int?>(value: nil)
        _ = Infallible.just(3).bind(to: optional)
        var values: [Int] = []
        _ = Infallible.of(4, 5).bind(onNext: { values.append($0) })
        XCTAssertEqual(values, [4, 5])
    }

    func testBindToAFunctionOfTheInfallible() {
        var result: Int?
        let helper: (Infallible<Int>) -> Disposable = { source in source.subscribe(onNext: { result = $0 }) }
        let subscription = Infallible.just(1).bind(to: helper)
        XCTAssertEqual(result, 1)
        subscription.dispose()

        let curried: (Infallible<Int>) -> (Int) -> Disposable = { source in
            { offset in source.subscribe(onNext: { result = $0 + offset }) }
        }
        Infallible.just(1).bind(to: curried)(3).dispose()
        XCTAssertEqual(result, 4)
        Infallible.just(2).bind(to: curried, curriedArgument: 10).dispose()
        XCTAssertEqual(result, 12)
    }

    func testValuesIsANonThrowingAsyncSequence() async {
        var values: [Int] = []
        for await value in Infallible.of(1, 2, 3).values { values.append(value) }
        XCTAssertEqual(values, [1, 2, 3])
    }

    // MARK: RxSwift code as users write it

    func testAViewModelExposingAnInfallible() {
        struct NetworkError: Error {}
        final class ProfileViewModel {
            let name: Infallible<String>
            init(request: Observable<String>) {
                name =
                    request
                    .map { $0.uppercased() }
                    .asInfallible(onErrorJustReturn: "Unknown")
            }
        }
        final class ProfileViewController {
            let disposeBag = DisposeBag()
            var title = ""
            var finished = false
            func bind(_ viewModel: ProfileViewModel) {
                viewModel.name
                    .distinctUntilChanged()
                    .subscribe(
                        with: self,
                        onNext: { owner, name in owner.title = name },
                        onCompleted: { owner in owner.finished = true }
                    )
                    .disposed(by: disposeBag)
            }
        }
        let response = PublishSubject<String>()
        let controller = ProfileViewController()
        controller.bind(ProfileViewModel(request: response))
        response.onNext("ada")
        XCTAssertEqual(controller.title, "ADA")
        XCTAssertFalse(controller.finished)
        response.onError(NetworkError())
        XCTAssertEqual(controller.title, "Unknown")
        XCTAssertTrue(controller.finished)
    }

    // MARK: Helpers

    private func record<Source: ObservableConvertibleType>(_ source: Source) -> [Event<Source.Element>] {
        let recorder = EventRecorder<Source.Element>()
        let subscription = source.asObservable().subscribe(recorder.handler)
        subscription.dispose()
        return recorder.events
    }
}
