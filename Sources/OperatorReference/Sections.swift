// The sections of docs/operators.md: which declarations each shows, the Combine spelling, and
// the demos run on a TestScheduler. `code` is what the page shows for the demo's operator call;
// it is written next to the call it describes.
import Rivulet
import RivuletTest

func makeSections() -> [Section] {
    let factories: [Section] = [
        Section(
            title: "create", declarations: [("Create.swift", "create(")], combine: nil,
            demos: [
                Demo(
                    code:
                        #"Observable<String>.create { o in o.onNext("a"); o.onNext("b"); o.onCompleted(); return Disposables.create() }"#
                ) { lab in
                    lab.start {
                        Observable<String>.create { o in
                            o.onNext("a")
                            o.onNext("b")
                            o.onCompleted()
                            return Disposables.create()
                        }
                    }
                }
            ]),
        Section(
            title: "deferred", declarations: [("Deferred.swift", "deferred(")], combine: "`Deferred { ... }`",
            demos: [
                Demo(code: "Observable.deferred { xs.asObservable() }") { lab in
                    let xs = try lab.cold("xs", "-a-b|")
                    return lab.start { Observable.deferred { xs.asObservable() } }
                }
            ]),
        Section(
            title: "empty", declarations: [("Empty.swift", "empty(")], combine: "`Empty()`",
            demos: [Demo(code: "Observable<String>.empty()") { lab in lab.start { Observable<String>.empty() } }]),
        Section(
            title: "never", declarations: [("Never.swift", "never(")],
            combine: "`Empty(completeImmediately: false)`",
            demos: [Demo(code: "Observable<String>.never()") { lab in lab.start { Observable<String>.never() } }]),
        Section(
            title: "error", declarations: [("Error.swift", "error(")], combine: "`Fail(error: e)`",
            demos: [
                Demo(code: "Observable<String>.error(MarbleDefaultError())") { lab in
                    lab.start { Observable<String>.error(MarbleDefaultError()) }
                }
            ]),
        Section(
            title: "just", declarations: [("Just.swift", "just(")], combine: "`Just(x)`",
            demos: [Demo(code: #"Observable.just("a")"#) { lab in lab.start { Observable.just("a") } }]),
        Section(
            title: "of, from", declarations: [("From.swift", "")], combine: nil,
            demos: [
                Demo(code: #"Observable.of("a", "b", "c")"#) { lab in lab.start { Observable.of("a", "b", "c") } },
                Demo(code: #"Observable.from(["a", "b", "c"])"#) { lab in
                    lab.start { Observable.from(["a", "b", "c"]) }
                },
            ]),
        Section(
            title: "just, of, from on a scheduler",
            declarations: [("JustOnScheduler.swift", ""), ("FromOnScheduler.swift", "")],
            combine: nil,
            demos: [
                Demo(
                    code: #"Observable.of("a", "b", "c", scheduler: scheduler)"#, simulateProcessingDelay: false,
                    note:
                        "Each value is scheduled as its own action. This demo's scheduler runs work scheduled \"now\" in the same tick (`simulateProcessingDelay: false`); with the default, each value comes one tick after the previous one."
                ) { lab in
                    let scheduler = lab.scheduler
                    return lab.start { Observable.of("a", "b", "c", scheduler: scheduler) }
                },
                Demo(code: #"Observable.just("a", scheduler: scheduler)"#, simulateProcessingDelay: false) { lab in
                    let scheduler = lab.scheduler
                    return lab.start { Observable.just("a", scheduler: scheduler) }
                },
            ]),
        Section(
            title: "interval", declarations: [("Interval.swift", "interval(")],
            combine: "none (`Observable.interval(...).asPublisher()`)",
            demos: [
                Demo(code: "Observable<Int>.interval(.seconds(20), scheduler: scheduler)  // disposed at 300") { lab in
                    let scheduler = lab.scheduler
                    return lab.start(disposed: 300) { Observable<Int>.interval(.seconds(20), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "timer", declarations: [("Timer.swift", "timer(")], combine: nil,
            demos: [
                Demo(code: "Observable<Int>.timer(.seconds(20), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    return lab.start { Observable<Int>.timer(.seconds(20), scheduler: scheduler) }
                },
                Demo(
                    code:
                        "Observable<Int>.timer(.seconds(20), period: .seconds(30), scheduler: scheduler)  // disposed at 300"
                ) { lab in
                    let scheduler = lab.scheduler
                    return lab.start(disposed: 300) {
                        Observable<Int>.timer(.seconds(20), period: .seconds(30), scheduler: scheduler)
                    }
                },
            ]),
    ]

    let operators: [Section] = [
        Section(
            title: "bind", declarations: [("Bind.swift", "")], combine: "`assign(to:on:)`, `sink`",
            demos: [
                Demo(code: "xs.bind(to: observer)") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.record { observer in xs.bind(to: observer) }
                }
            ]),
        Section(
            title: "buffer", declarations: [("Buffer.swift", "buffer(")], combine: nil,
            demos: [
                Demo(code: "xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a-bc---d----|")
                    return lab.start { xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler) }
                }
            ]),
        Section(
            title: "catch", declarations: [("Catch.swift", "`catch`("), ("Catch.swift", "catchError(")],
            combine: "`catch { _ in fallback }`; `mapError` to transform the error",
            demos: [
                Demo(code: "xs.catch { _ in ys.asObservable() }") { lab in
                    let xs = try lab.hot("xs", "--a--#")
                    let ys = try lab.cold("ys", "-x-y|")
                    return lab.start { xs.catch { _ in ys.asObservable() } }
                }
            ]),
        Section(
            title: "catch(sequence:)", declarations: [("Catch.swift", "`catch`<"), ("Catch.swift", "catchError<")],
            combine: nil,
            demos: [
                Demo(code: "Observable.catch(sequence: [ys.asObservable(), zs.asObservable()])") { lab in
                    let ys = try lab.cold("ys", "-a-#")
                    let zs = try lab.cold("zs", "--b|")
                    return lab.start { Observable.catch(sequence: [ys.asObservable(), zs.asObservable()]) }
                }
            ]),
        Section(
            title: "catchAndReturn",
            declarations: [("Catch.swift", "catchAndReturn("), ("Catch.swift", "catchErrorJustReturn(")],
            combine: "`replaceError(with:)`",
            demos: [
                Demo(code: #"xs.catchAndReturn("z")"#) { lab in
                    let xs = try lab.hot("xs", "--a--#")
                    return lab.start { xs.catchAndReturn("z") }
                }
            ]),
        Section(
            title: "combineLatest",
            declarations: [("CombineLatest.swift", ""), ("CombineLatest+Collection.swift", "")],
            combine: "`Publishers.CombineLatest(a, b)`, `a.combineLatest(b)`, `CombineLatest3`",
            demos: [
                Demo(code: "Observable.combineLatest(xs, ys) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "--a----b-----|")
                    let ys = try lab.hot("ys", "-----1----2--|")
                    return lab.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
                }
            ]),
        Section(
            title: "compactMap", declarations: [("CompactMap.swift", "compactMap")],
            combine: "`compactMap`, `tryCompactMap`",
            demos: [
                Demo(code: "xs.compactMap { Int($0) }") { lab in
                    let xs = try lab.hot("xs", "--1--a--2--|")
                    return lab.start { xs.compactMap { Int($0) } }
                }
            ]),
        Section(
            title: "concat", declarations: [("Concat.swift", "")], combine: "`append(other)`, `other.prepend(...)`",
            demos: [
                Demo(code: "xs.concat(ys)") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    let ys = try lab.cold("ys", "-x-y|")
                    return lab.start { xs.concat(ys) }
                },
                Demo(code: "Observable.concat(ys.asObservable(), zs.asObservable())") { lab in
                    let ys = try lab.cold("ys", "-a-b|")
                    let zs = try lab.cold("zs", "--x|")
                    return lab.start { Observable.concat(ys.asObservable(), zs.asObservable()) }
                },
            ]),
        Section(
            title: "concatMap", declarations: [("ConcatMap.swift", "concatMap<")],
            combine: "`flatMap(maxPublishers: .max(1)) { ... }`",
            demos: [
                Demo(code: "xs.concatMap { x in ys.map { x + $0 } }") { lab in
                    let xs = try lab.hot("xs", "--a-b-----------|")
                    let ys = try lab.cold("ys", "-1---2|")
                    return lab.start { xs.concatMap { x in ys.map { x + $0 } } }
                }
            ]),
        Section(
            title: "debounce", declarations: [("Debounce.swift", "debounce(")],
            combine: "`debounce(for:scheduler:)`",
            demos: [
                Demo(code: "xs.debounce(.seconds(20), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a-b-----c-d---e-|")
                    return lab.start { xs.debounce(.seconds(20), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "delay", declarations: [("Delay.swift", "delay(")], combine: "`delay(for:scheduler:)`",
            demos: [
                Demo(code: "xs.delay(.seconds(20), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b---|")
                    return lab.start { xs.delay(.seconds(20), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "delaySubscription", declarations: [("DelaySubscription.swift", "delaySubscription(")], combine: nil,
            demos: [
                Demo(code: "xs.delaySubscription(.seconds(30), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b---c--|")
                    return lab.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "distinctUntilChanged", declarations: [("DistinctUntilChanged.swift", "")],
            combine: "`removeDuplicates()`, `removeDuplicates(by:)`",
            demos: [
                Demo(code: "xs.distinctUntilChanged()") { lab in
                    let xs = try lab.hot("xs", "-a-a-b-b-a-|")
                    return lab.start { xs.distinctUntilChanged() }
                }
            ]),
        Section(
            title: "do", declarations: [("Do.swift", "`do`(")], combine: "`handleEvents(...)`",
            demos: [
                Demo(
                    code: "xs.do(onNext: { log.append($0) }, onDispose: { log.append(\"disposed\") })",
                    note: "The events pass unchanged; the closures run as side effects."
                ) { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    let log = Log()
                    return lab.start { xs.do(onNext: { log.append($0) }, onDispose: { log.append("disposed") }) }
                }
            ]),
        Section(
            title: "filter", declarations: [("Filter.swift", "filter(")], combine: "`filter`, `tryFilter`",
            demos: [
                Demo(code: #"xs.filter { $0 != "b" }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.filter { $0 != "b" } }
                }
            ]),
        Section(
            title: "flatMap", declarations: [("FlatMap.swift", "flatMap<")], combine: "`flatMap { ... }`",
            demos: [
                Demo(code: "xs.flatMap { x in ys.map { x + $0 } }") { lab in
                    let xs = try lab.hot("xs", "-a--b--------|")
                    let ys = try lab.cold("ys", "-1---2|")
                    return lab.start { xs.flatMap { x in ys.map { x + $0 } } }
                }
            ]),
        Section(
            title: "flatMapLatest", declarations: [("FlatMapLatest.swift", "flatMapLatest<")],
            combine: "`map { ... }.switchToLatest()`",
            demos: [
                Demo(code: "xs.flatMapLatest { x in ys.map { x + $0 } }") { lab in
                    let xs = try lab.hot("xs", "-a--b--------|")
                    let ys = try lab.cold("ys", "-1---2|")
                    return lab.start { xs.flatMapLatest { x in ys.map { x + $0 } } }
                }
            ]),
        Section(
            title: "ignoreElements", declarations: [("IgnoreElements.swift", "ignoreElements(")], combine: nil,
            demos: [
                Demo(code: "xs.ignoreElements()") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.ignoreElements() }
                }
            ]),
        Section(
            title: "map", declarations: [("Map.swift", "map<")], combine: "`map`, `tryMap`",
            demos: [
                Demo(code: "xs.map { $0.uppercased() }") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.map { $0.uppercased() } }
                }
            ]),
        Section(
            title: "merge", declarations: [("Merge.swift", "merge<"), ("Merge.swift", "merge(_")],
            combine: "`Publishers.Merge(a, b)`, `a.merge(with: b)`, `Merge3`, `Merge4`",
            demos: [
                Demo(code: "Observable.merge(xs.asObservable(), ys.asObservable())") { lab in
                    let xs = try lab.hot("xs", "--a-----b--|")
                    let ys = try lab.hot("ys", "-----x--y-----|")
                    return lab.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
                }
            ]),
        Section(
            title: "merge() and merge(maxConcurrent:)",
            declarations: [("Merge.swift", "merge()"), ("Merge.swift", "merge(maxConcurrent")],
            combine: "`flatMap(maxPublishers: .max(n)) { ... }`",
            demos: [
                Demo(code: "xs.map { _ in ys }.merge()") { lab in
                    let xs = try lab.hot("xs", "-a--b---------|")
                    let ys = try lab.cold("ys", "-1---2|")
                    return lab.start { xs.map { _ in ys }.merge() }
                },
                Demo(code: "xs.map { _ in ys }.merge(maxConcurrent: 1)") { lab in
                    let xs = try lab.hot("xs", "-a--b---------|")
                    let ys = try lab.cold("ys", "-1---2|")
                    return lab.start { xs.map { _ in ys }.merge(maxConcurrent: 1) }
                },
            ]),
        Section(
            title: "observe(on:)", declarations: [("ObserveOn.swift", "")],
            combine: "`receive(on:)`",
            demos: [
                Demo(
                    code: "xs.observe(on: scheduler)",
                    note:
                        "On the test scheduler each event is delivered one tick later (work scheduled \"now\" runs at clock + 1, as in RxTest)."
                ) { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.observe(on: scheduler) }
                }
            ]),
        Section(
            title: "retry", declarations: [("Retry.swift", "retry(")], combine: nil,
            demos: [
                Demo(code: "xs.retry(3)") { lab in
                    let xs = try lab.cold("xs", "-a-#")
                    return lab.start { xs.retry(3) }
                }
            ]),
        Section(
            title: "scan", declarations: [("Scan.swift", "")], combine: "`scan(_:_:)`",
            demos: [
                Demo(code: #"xs.scan("") { $0 + $1 }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.scan("") { $0 + $1 } }
                }
            ]),
        Section(
            title: "share", declarations: [("Share.swift", "share(")], combine: "`share()`",
            demos: [
                Demo(
                    code: "xs.share(replay: 1)",
                    note:
                        "One subscriber sees the source unchanged; every further subscriber shares the same source subscription and first receives the last value."
                ) { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.share(replay: 1) }
                }
            ]),
        Section(
            title: "skip", declarations: [("Skip.swift", "skip(")], combine: "`dropFirst(_:)`",
            demos: [
                Demo(code: "xs.skip(2)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    return lab.start { xs.skip(2) }
                }
            ]),
        Section(
            title: "skip(_:scheduler:)", declarations: [("SkipForDuration.swift", "skip(")], combine: nil,
            demos: [
                Demo(code: "xs.skip(.seconds(40), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    return lab.start { xs.skip(.seconds(40), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "skip(until:)", declarations: [("SkipUntil.swift", "")], combine: nil,
            demos: [
                Demo(code: "xs.skip(until: ys)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    let ys = try lab.hot("ys", "------x--|")
                    return lab.start { xs.skip(until: ys) }
                }
            ]),
        Section(
            title: "skip(while:)", declarations: [("SkipWhile.swift", "")], combine: nil,
            demos: [
                Demo(code: #"xs.skip(while: { $0 != "c" })"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--a--|")
                    return lab.start { xs.skip(while: { $0 != "c" }) }
                }
            ]),
        Section(
            title: "startWith", declarations: [("StartWith.swift", "startWith(")], combine: "`prepend(...)`",
            demos: [
                Demo(code: #"xs.startWith("x", "y")"#) { lab in
                    let xs = try lab.hot("xs", "-----a--b--|")
                    return lab.start { xs.startWith("x", "y") }
                }
            ]),
        Section(
            title: "subscribe(on:)", declarations: [("SubscribeOn.swift", "")], combine: "`subscribe(on:)`",
            demos: [
                Demo(
                    code: "xs.subscribe(on: scheduler)", simulateProcessingDelay: false,
                    note:
                        "The source is subscribed, and later disposed, by an action on `scheduler`. With the default test scheduler that action runs one tick later (`Subscription(201, 1001)`); this demo's scheduler runs it in the same tick (`simulateProcessingDelay: false`)."
                ) { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.subscribe(on: scheduler) }
                }
            ]),
        Section(
            title: "switchLatest", declarations: [("SwitchLatest.swift", "switchLatest(")],
            combine: "`switchToLatest()`",
            demos: [
                Demo(code: #"xs.map { $0 == "a" ? ys.asObservable() : zs.asObservable() }.switchLatest()"#) { lab in
                    let xs = try lab.hot("xs", "-a-----b-------|")
                    let ys = try lab.hot("ys", "---1--2--3--|")
                    let zs = try lab.hot("zs", "-----------7--8--|")
                    return lab.start { xs.map { $0 == "a" ? ys.asObservable() : zs.asObservable() }.switchLatest() }
                }
            ]),
        Section(
            title: "take", declarations: [("Take.swift", "take(")], combine: "`prefix(_:)`",
            demos: [
                Demo(code: "xs.take(2)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.take(2) }
                }
            ]),
        Section(
            title: "take(for:scheduler:)", declarations: [("TakeForDuration.swift", "take(")], combine: nil,
            demos: [
                Demo(code: "xs.take(for: .seconds(50), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.take(for: .seconds(50), scheduler: scheduler) }
                }
            ]),
        Section(
            title: "take(until:) another observable", declarations: [("TakeUntil.swift", "")],
            combine: "`prefix(untilOutputFrom:)`",
            demos: [
                Demo(code: "xs.take(until: ys)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    let ys = try lab.hot("ys", "-------x--|")
                    return lab.start { xs.take(until: ys) }
                }
            ]),
        Section(
            title: "take(until:behavior:) a predicate",
            declarations: [("TakeWithPredicate.swift", "take(until"), ("TakeWithPredicate.swift", "takeUntil(")],
            combine: nil,
            demos: [
                Demo(code: #"xs.take(until: { $0 == "c" })"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    return lab.start { xs.take(until: { $0 == "c" }) }
                },
                Demo(code: #"xs.take(until: { $0 == "c" }, behavior: .inclusive)"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    return lab.start { xs.take(until: { $0 == "c" }, behavior: .inclusive) }
                },
            ]),
        Section(
            title: "take(while:)",
            declarations: [("TakeWithPredicate.swift", "take(while"), ("TakeWithPredicate.swift", "takeWhile(")],
            combine: nil,
            demos: [
                Demo(code: #"xs.take(while: { $0 != "c" })"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    return lab.start { xs.take(while: { $0 != "c" }) }
                }
            ]),
        Section(
            title: "throttle", declarations: [("Throttle.swift", "throttle(")],
            combine: "`throttle(for:scheduler:latest:)`",
            demos: [
                Demo(code: "xs.throttle(.seconds(30), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a-b-c------d-e---|")
                    return lab.start { xs.throttle(.seconds(30), scheduler: scheduler) }
                },
                Demo(code: "xs.throttle(.seconds(30), latest: false, scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a-b-c------d-e---|")
                    return lab.start { xs.throttle(.seconds(30), latest: false, scheduler: scheduler) }
                },
            ]),
        Section(
            title: "timeout", declarations: [("Timeout.swift", "timeout")], combine: nil,
            demos: [
                Demo(code: "xs.timeout(.seconds(30), scheduler: scheduler)", note: "The error is `RxError.timeout`.") {
                    lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b------c--|")
                    return lab.start { xs.timeout(.seconds(30), scheduler: scheduler) }
                },
                Demo(code: "xs.timeout(.seconds(30), other: ys, scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a--b------c--|")
                    let ys = try lab.cold("ys", "-x-y|")
                    return lab.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
                },
            ]),
        Section(
            title: "withLatestFrom", declarations: [("WithLatestFrom.swift", "")], combine: nil,
            demos: [
                Demo(code: "xs.withLatestFrom(ys) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "--a----b--c--|")
                    let ys = try lab.hot("ys", "-----1----2--3--|")
                    return lab.start { xs.withLatestFrom(ys) { $0 + $1 } }
                }
            ]),
    ]
    return factories + operators
}

/// Collects what the `do` demo's closures saw (not shown on the page).
final class Log {
    private(set) var values: [String] = []
    func append(_ value: String) { values.append(value) }
}
