// Operator-reference sections: the operators that turn an observable into a trait, and the traits
// themselves (see Sections.swift). Trait demos subscribe to the trait's observable.
import Rivulet
import RivuletTest

/// The Rx operators that return a trait (listed with the other operators).
func traitConversionSections() -> [Section] {
    [
        Section(
            title: "asSingle, asMaybe, asCompletable", declarations: [("AsSingle.swift", "")], combine: nil,
            demos: [
                Demo(code: "xs.asSingle()") { lab in
                    let xs = try lab.hot("xs", "--a----|")
                    return lab.start { xs.asSingle().asObservable() }
                },
                Demo(code: "xs.asSingle()", note: "A second value fails with `RxError.moreThanOneElement`.") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.asSingle().asObservable() }
                },
                Demo(code: "xs.asMaybe()") { lab in
                    let xs = try lab.hot("xs", "-------|")
                    return lab.start { xs.asMaybe().asObservable() }
                },
            ]),
        Section(
            title: "first", declarations: [("First.swift", "first(")],
            combine: "`first()`, `first(where:)`",
            demos: [
                Demo(code: #"xs.first().map { $0 ?? "nil" }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.first().map { $0 ?? "nil" }.asObservable() }
                }
            ]),
        Section(
            title: "toArray", declarations: [("ToArray.swift", "toArray(")], combine: "`collect()`",
            demos: [
                Demo(code: #"xs.toArray().map { $0.joined() }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.toArray().map { $0.joined() }.asObservable() }
                }
            ]),
    ]
}

/// The traits, in the order the page shows them (after the operators).
func traitSections() -> [Section] {
    [
        Section(
            title: "Single", declarations: [("Single.swift", "")], combine: "`Future`",
            summary:
                "`Single<Element>`: exactly one value (then completion) or an error; subscribers receive a `SingleEvent` (`.success`, `.failure`).",
            demos: [
                Demo(code: #"Single<String>.create { single in single(.success("a")); return Disposables.create() }"#) {
                    lab in
                    lab.start {
                        Single<String>.create { single in
                            single(.success("a"))
                            return Disposables.create()
                        }.asObservable()
                    }
                },
                Demo(code: #"xs.asSingle().map { $0 + "!" }.flatMap { x in ys.asSingle().map { x + $0 } }"#) { lab in
                    let xs = try lab.hot("xs", "--a--|")
                    let ys = try lab.cold("ys", "--b|")
                    return lab.start {
                        xs.asSingle().map { $0 + "!" }.flatMap { x in ys.asSingle().map { x + $0 } }.asObservable()
                    }
                },
            ]),
        Section(
            title: "Maybe", declarations: [("Maybe.swift", "")], combine: nil,
            summary:
                "`Maybe<Element>`: at most one value, then completion, or an error; subscribers receive a `MaybeEvent` (`.success`, `.error`, `.completed`).",
            demos: [
                Demo(code: #"xs.asMaybe().filter { $0 != "a" }"#) { lab in
                    let xs = try lab.hot("xs", "--a--|")
                    return lab.start { xs.asMaybe().filter { $0 != "a" }.asObservable() }
                }
            ]),
        Section(
            title: "Completable", declarations: [("Completable.swift", "")], combine: nil,
            summary:
                "`Completable`: no value, only completion or an error; subscribers receive a `CompletableEvent` (`.completed`, `.error`).",
            demos: [
                Demo(code: "Completable.zip(xs.ignoreElements().asCompletable(), ys.ignoreElements().asCompletable())")
                { lab in
                    let xs = try lab.cold("xs", "-a--|")
                    let ys = try lab.cold("ys", "--b----|")
                    return lab.start {
                        Completable.zip(xs.ignoreElements().asCompletable(), ys.ignoreElements().asCompletable())
                            .asObservable()
                    }
                }
            ]),
        Section(
            title: "andThen", declarations: [("Completable+AndThen.swift", "andThen")], combine: nil,
            demos: [
                Demo(code: "xs.ignoreElements().asCompletable().andThen(ys.asSingle())") { lab in
                    let xs = try lab.hot("xs", "-a--|")
                    let ys = try lab.cold("ys", "--b|")
                    return lab.start { xs.ignoreElements().asCompletable().andThen(ys.asSingle()).asObservable() }
                }
            ]),
        Section(
            title: "Single.zip, Maybe.zip", declarations: [("PrimitiveSequence+Zip.swift", "")], combine: nil,
            demos: [
                Demo(code: "Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "-a--|")
                    let ys = try lab.hot("ys", "---b---|")
                    return lab.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 }.asObservable() }
                }
            ]),
        Section(
            title: "Operators of Single and Maybe", declarations: [("SingleOrMaybe.swift", "")], combine: nil,
            summary:
                "Declared once for both traits (`SingleOrMaybeTrait`); each returns the trait it was called on, except `filter` and `compactMap`, which may drop the value and so return a `Maybe`.",
            demos: [
                Demo(code: #"xs.asMaybe().map { $0 + "!" }"#) { lab in
                    let xs = try lab.hot("xs", "--a--|")
                    return lab.start { xs.asMaybe().map { $0 + "!" }.asObservable() }
                }
            ]),
        Section(
            title: "Infallible",
            declarations: [("Infallible.swift", ""), ("Infallible+Factories.swift", "")],
            combine: "`replaceError(with:)` (a publisher whose `Failure` is `Never`)",
            summary:
                "`Infallible<Element>`: values and at most a completion, never an error; made from a stream that can fail with `asInfallible(onErrorJustReturn:)`, `asInfallible(onErrorFallbackTo:)` or `asInfallible(onErrorRecover:)`, or with `Infallible.create` and the factories.",
            demos: [
                Demo(code: #"xs.asInfallible(onErrorJustReturn: "z")"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--#")
                    return lab.start { xs.asInfallible(onErrorJustReturn: "z").asObservable() }
                },
                Demo(code: "xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: \"z\"))") { lab in
                    let xs = try lab.hot("xs", "--a--#")
                    let ys = try lab.cold("ys", "-b-c|")
                    return lab.start {
                        xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: "z")).asObservable()
                    }
                },
            ]),
        Section(
            title: "Operators of Infallible",
            declarations: [
                ("Infallible+Operators.swift", ""), ("Infallible+Combining.swift", ""),
                ("Infallible+CombineLatest.swift", ""),
                ("Infallible+Zip.swift", ""),
            ], combine: nil,
            summary:
                "Each is the observable operator of the same name on the wrapped stream, with closures that cannot throw; given a stream that can fail (a `flatMap` inner, `concat`, `withLatestFrom`), the result is an `Observable`.",
            demos: [
                Demo(
                    code:
                        #"xs.asInfallible(onErrorJustReturn: "z").flatMapLatest { x in ys.asInfallible(onErrorJustReturn: "z").map { x + $0 } }"#
                ) {
                    lab in
                    let xs = try lab.hot("xs", "--a----b--|")
                    let ys = try lab.cold("ys", "-1-2-#")
                    return lab.start {
                        xs.asInfallible(onErrorJustReturn: "z")
                            .flatMapLatest { x in ys.asInfallible(onErrorJustReturn: "z").map { x + $0 } }
                            .asObservable()
                    }
                },
                Demo(
                    code:
                        #"Infallible.combineLatest(xs.asInfallible(onErrorJustReturn: "z"), ys.asInfallible(onErrorJustReturn: "z")) { $0 + $1 }"#
                ) {
                    lab in
                    let xs = try lab.hot("xs", "--a-----b--|")
                    let ys = try lab.hot("ys", "----1-#")
                    return lab.start {
                        Infallible.combineLatest(
                            xs.asInfallible(onErrorJustReturn: "z"), ys.asInfallible(onErrorJustReturn: "z")
                        ) { $0 + $1 }.asObservable()
                    }
                },
            ]),
        Section(
            title: "Driver and Signal",
            declarations: [
                ("SharedSequence.swift", ""), ("Driver.swift", ""), ("Signal.swift", ""),
                ("ObservableConvertibleType+SharedSequence.swift", ""), ("SharedSequence+Factories.swift", ""),
            ],
            combine: "`replaceError(with:)`, `receive(on: DispatchQueue.main)` and `share()`",
            summary:
                "RxCocoa's `SharedSequence<SharingStrategy, Element>`: never fails, delivers on the main thread and shares one subscription; `Driver` (`DriverSharingStrategy`) replays the latest value to a new subscriber and is consumed with `drive`, `Signal` (`SignalSharingStrategy`) replays nothing and is consumed with `emit`. Made with `asDriver(onErrorJustReturn:)`, `asDriver(onErrorDriveWith:)`, `asDriver(onErrorRecover:)` (and the `asSignal` forms, and `asSharedSequence(sharingStrategy:onErrorJustReturn:)` and its siblings for code generic over the strategy), from relays, or with the factories. The demos run with `SharingScheduler.mock(scheduler:)`, so the test scheduler stands for the main thread.",
            demos: [
                Demo(code: #"xs.asDriver(onErrorJustReturn: "z")"#, simulateProcessingDelay: false) { lab in
                    let xs = try lab.hot("xs", "--a--b--#")
                    var events: [Recorded<Event<String>>] = []
                    SharingScheduler.mock(scheduler: lab.scheduler) {
                        events = lab.start { xs.asDriver(onErrorJustReturn: "z").asObservable() }
                    }
                    return events
                },
                Demo(
                    code: #"xs.asSignal(onErrorSignalWith: ys.asSignal(onErrorJustReturn: "z"))"#,
                    simulateProcessingDelay: false
                ) { lab in
                    let xs = try lab.hot("xs", "--a--#")
                    let ys = try lab.cold("ys", "-b-c|")
                    var events: [Recorded<Event<String>>] = []
                    SharingScheduler.mock(scheduler: lab.scheduler) {
                        events = lab.start {
                            xs.asSignal(onErrorSignalWith: ys.asSignal(onErrorJustReturn: "z")).asObservable()
                        }
                    }
                    return events
                },
            ]),
        Section(
            title: "Operators of Driver and Signal",
            declarations: [
                ("SharedSequence+Operators.swift", ""), ("SharedSequence+Combining.swift", ""),
                ("SharedSequence+CombiningArity.swift", ""),
            ],
            combine: nil,
            summary:
                "Each is the observable operator of the same name on the wrapped stream, shared again with the same strategy; closures cannot throw, inner sequences have the same strategy, and `debounce`, `throttle` and `delay` run on the strategy's scheduler (the main thread), so they take no scheduler.",
            demos: [
                Demo(
                    code:
                        #"xs.asDriver(onErrorJustReturn: "z").flatMapLatest { x in ys.asDriver(onErrorJustReturn: "z").map { x + $0 } }"#,
                    simulateProcessingDelay: false
                ) { lab in
                    let xs = try lab.hot("xs", "--a----b--|")
                    let ys = try lab.cold("ys", "-1-2-#")
                    var events: [Recorded<Event<String>>] = []
                    SharingScheduler.mock(scheduler: lab.scheduler) {
                        events = lab.start {
                            xs.asDriver(onErrorJustReturn: "z")
                                .flatMapLatest { x in ys.asDriver(onErrorJustReturn: "z").map { x + $0 } }
                                .asObservable()
                        }
                    }
                    return events
                },
                Demo(
                    code: #"xs.asDriver(onErrorJustReturn: "z").debounce(.seconds(20))"#, simulateProcessingDelay: false
                ) { lab in
                    let xs = try lab.hot("xs", "-ab---c-|")
                    var events: [Recorded<Event<String>>] = []
                    SharingScheduler.mock(scheduler: lab.scheduler) {
                        events = lab.start { xs.asDriver(onErrorJustReturn: "z").debounce(.seconds(20)).asObservable() }
                    }
                    return events
                },
            ]),
        Section(
            title: "Operators of every trait", declarations: [("PrimitiveSequence.swift", "")], combine: nil,
            summary:
                "Every trait is a `PrimitiveSequence<Trait, Element>` around its observable; these operators apply to all three and are the observable operators of the same name.",
            demos: [
                Demo(code: "xs.asSingle().timeout(.seconds(30), other: .just(\"z\"), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-----a|")
                    return lab.start {
                        xs.asSingle().timeout(.seconds(30), other: .just("z"), scheduler: scheduler).asObservable()
                    }
                },
                // A `Single`'s delayed completion arrives one tick after its value (as in
                // RxSwift), which a diagram cannot draw; a `Completable` shows the shift.
                Demo(code: "xs.asSingle().asCompletable().delay(.seconds(20), scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a-|")
                    return lab.start {
                        xs.asSingle().asCompletable().delay(.seconds(20), scheduler: scheduler).asObservable()
                    }
                },
            ]),
    ]
}
