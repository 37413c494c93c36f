// Operator-reference sections: factories, in the order the page shows them (see Sections.swift).
import Rivulet
import RivuletTest

func factorySections() -> [Section] {
    [
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
            title: "of, from", declarations: [("From.swift", "")],
            combine: "`Publishers.Sequence(sequence:)`, `[a, b].publisher`",
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
            combine: "`Timer.publish(every:on:in:).autoconnect()`",
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
        Section(
            title: "range", declarations: [("Range.swift", "range(")], combine: nil,
            demos: [
                Demo(code: "Observable.range(start: 1, count: 3).map(String.init)") { lab in
                    lab.start { Observable.range(start: 1, count: 3).map(String.init) }
                }
            ]),
        Section(
            title: "repeatElement", declarations: [("RepeatElement.swift", "repeatElement(")], combine: nil,
            demos: [
                Demo(code: #"Observable.repeatElement("a").take(3)"#) { lab in
                    lab.start { Observable.repeatElement("a").take(3) }
                }
            ]),
        Section(
            title: "generate", declarations: [("Generate.swift", "generate(")], combine: nil,
            demos: [
                Demo(
                    code:
                        "Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 2 }).map(String.init)"
                ) {
                    lab in
                    lab.start {
                        Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 2 }).map(
                            String.init)
                    }
                }
            ]),
        Section(
            title: "using", declarations: [("Using.swift", "using<")], combine: nil,
            demos: [
                Demo(
                    code: "Observable.using({ resource }, observableFactory: { _ in xs.asObservable() })",
                    note: "The resource is disposed when the subscription ends: here when `xs` completes."
                ) { lab in
                    let xs = try lab.cold("xs", "-a-b|")
                    return lab.start {
                        Observable.using({ BooleanDisposable() }, observableFactory: { _ in xs.asObservable() })
                    }
                }
            ]),
    ]
}
