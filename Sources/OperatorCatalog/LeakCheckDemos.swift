// Demos the leak check runs besides the page's (never drawn): the forms of multi-input operators
// and traits that the page does not show (more arities, collections, trait combinators), each with
// inputs that end at different times, so that "each input ends first" meets every input.
import Rivulet
import RivuletTest

/// Extra demos for the leak check, by the title of the section they belong to.
package func leakCheckDemos() -> [(section: String, demos: [Demo])] {
    [
        (
            "combineLatest",
            [
                Demo(code: "Observable.combineLatest(xs, ys, zs) { $0 + $1 + $2 }") { lab in
                    let xs = try lab.hot("xs", "--a----b-----|")
                    let ys = try lab.hot("ys", "-----1----2--|")
                    let zs = try lab.cold("zs", "-x-----|")
                    return lab.start { Observable.combineLatest(xs, ys, zs) { $0 + $1 + $2 } }
                },
                Demo(code: "Observable.combineLatest([xs, ys]).map { $0.joined() }") { lab in
                    let xs = try lab.hot("xs", "--a----b-----|")
                    let ys = try lab.hot("ys", "-----1----2--|")
                    return lab.start { Observable.combineLatest([xs, ys]).map { $0.joined() } }
                },
            ]
        ),
        (
            "zip",
            [
                Demo(code: "Observable.zip(xs, ys, zs) { $0 + $1 + $2 }") { lab in
                    let xs = try lab.hot("xs", "-a---b-c---|")
                    let ys = try lab.hot("ys", "---1----2-3---|")
                    let zs = try lab.cold("zs", "-x-y--z|")
                    return lab.start { Observable.zip(xs, ys, zs) { $0 + $1 + $2 } }
                }
            ]
        ),
        (
            "merge",
            [
                Demo(code: "Observable.merge([xs, ys, zs])") { lab in
                    let xs = try lab.hot("xs", "--a-----b--|")
                    let ys = try lab.hot("ys", "-----x--y-----|")
                    let zs = try lab.cold("zs", "-1-2|")
                    return lab.start { Observable.merge([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }
                }
            ]
        ),
        (
            "amb",
            [
                Demo(code: "Observable.amb([xs, ys, zs])") { lab in
                    let xs = try lab.hot("xs", "----a--b--|")
                    let ys = try lab.hot("ys", "--x--y----|")
                    let zs = try lab.hot("zs", "---1---|")
                    return lab.start { Observable.amb([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }
                }
            ]
        ),
        (
            "concat",
            [
                Demo(code: "Observable.concat([xs, ys, zs])") { lab in
                    let xs = try lab.cold("xs", "-a-b|")
                    let ys = try lab.cold("ys", "--x|")
                    let zs = try lab.hot("zs", "-1----2----3--|")
                    return lab.start { Observable.concat([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }
                }
            ]
        ),
        (
            "withLatestFrom",
            [
                Demo(code: "xs.withLatestFrom(ys)") { lab in
                    let xs = try lab.hot("xs", "--a----b--c--|")
                    let ys = try lab.cold("ys", "-1--2|")
                    return lab.start { xs.withLatestFrom(ys) }
                }
            ]
        ),
        (
            "sample",
            [
                Demo(code: "xs.sample(ys)") { lab in
                    let xs = try lab.hot("xs", "-a-b---c-----|")
                    let ys = try lab.hot("ys", "--x--x--x-|")
                    return lab.start { xs.sample(ys) }
                }
            ]
        ),
        (
            "take(until:) another observable",
            [
                Demo(code: "xs.take(until: ys)  // ys cold") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    let ys = try lab.cold("ys", "------|")
                    return lab.start { xs.take(until: ys) }
                }
            ]
        ),
        (
            "skip(until:)",
            [
                Demo(code: "xs.skip(until: ys)  // xs ends before ys fires") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a--|")
                    let ys = try lab.hot("ys", "---------x--|")
                    return lab.start { xs.skip(until: ys.delay(.seconds(10), scheduler: scheduler)) }
                }
            ]
        ),
        (
            "switchLatest",
            [
                Demo(code: "xs.flatMapLatest { _ in ys }  // inner open when the outer ends") { lab in
                    let xs = try lab.hot("xs", "--a----b--|")
                    let ys = try lab.cold("ys", "-1-2-3-4-5-6|")
                    return lab.start { xs.flatMapLatest { _ in ys.asObservable() } }
                }
            ]
        ),
        (
            "flatMap",
            [
                Demo(code: "xs.flatMap { _ in ys }  // inners open when the outer ends") { lab in
                    let xs = try lab.hot("xs", "--a-b-|")
                    let ys = try lab.cold("ys", "-1-2-3|")
                    return lab.start { xs.flatMap { _ in ys.asObservable() } }
                }
            ]
        ),
        (
            "timeout",
            [
                Demo(code: "xs.timeout(.seconds(30), other: ys, scheduler: scheduler)") { lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "--a------b--|")
                    let ys = try lab.cold("ys", "-x-y-z|")
                    return lab.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
                }
            ]
        ),
        (
            "Single.zip, Maybe.zip",
            [
                Demo(code: "Single.zip([xs.asSingle(), ys.asSingle()])") { lab in
                    let xs = try lab.hot("xs", "-a--|")
                    let ys = try lab.hot("ys", "---b---|")
                    return lab.start { Single.zip([xs.asSingle(), ys.asSingle()]).map { $0.joined() }.asObservable() }
                },
                Demo(code: "Maybe.zip(xs.asMaybe(), ys.asMaybe()) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "-a--|")
                    let ys = try lab.hot("ys", "---b---|")
                    return lab.start { Maybe.zip(xs.asMaybe(), ys.asMaybe()) { $0 + $1 }.asObservable() }
                },
            ]
        ),
        (
            "Completable",
            [
                Demo(code: "Completable.zip([xs.asCompletable(), ys.asCompletable()])") { lab in
                    let xs = try lab.hot("xs", "----|")
                    let ys = try lab.hot("ys", "-------|")
                    return lab.start {
                        Completable.zip([xs.ignoreElements().asCompletable(), ys.ignoreElements().asCompletable()])
                            .asObservable()
                    }
                }
            ]
        ),
        (
            "Operators of Infallible",
            [
                Demo(code: "Infallible.zip(xs, ys, zs) { $0 + $1 + $2 }") { lab in
                    let xs = try lab.hot("xs", "-a---b-c---|")
                    let ys = try lab.hot("ys", "---1----2-3---|")
                    let zs = try lab.hot("zs", "-x-y--z|")
                    return lab.start {
                        Infallible.zip(
                            xs.asInfallible(onErrorJustReturn: "?"), ys.asInfallible(onErrorJustReturn: "?"),
                            zs.asInfallible(onErrorJustReturn: "?")
                        ) { $0 + $1 + $2 }.asObservable()
                    }
                },
                Demo(code: "xs.asInfallible(...).withLatestFrom(ys.asInfallible(...))") { lab in
                    let xs = try lab.hot("xs", "--a----b--c--|")
                    let ys = try lab.hot("ys", "-1--2|")
                    return lab.start {
                        xs.asInfallible(onErrorJustReturn: "?").withLatestFrom(ys.asInfallible(onErrorJustReturn: "?"))
                            .asObservable()
                    }
                },
            ]
        ),
        (
            "Operators of Driver and Signal",
            [
                Demo(code: "Driver.combineLatest(xs, ys) { $0 + $1 }", simulateProcessingDelay: false) { lab in
                    let xs = try lab.hot("xs", "--a----b-----|")
                    let ys = try lab.hot("ys", "-----1----2--|")
                    var events: [Recorded<Event<String>>] = []
                    SharingScheduler.mock(scheduler: lab.scheduler) {
                        events = lab.start {
                            Driver.combineLatest(
                                xs.asDriver(onErrorJustReturn: "?"), ys.asDriver(onErrorJustReturn: "?")
                            ) { $0 + $1 }.asObservable()
                        }
                    }
                    return events
                },
                Demo(code: "xs.asSignal(...).withLatestFrom(ys.asDriver(...))", simulateProcessingDelay: false) { lab in
                    let xs = try lab.hot("xs", "--a----b--c--|")
                    let ys = try lab.hot("ys", "-1--2|")
                    var events: [Recorded<Event<String>>] = []
                    SharingScheduler.mock(scheduler: lab.scheduler) {
                        events = lab.start {
                            xs.asSignal(onErrorJustReturn: "?").withLatestFrom(ys.asDriver(onErrorJustReturn: "?"))
                                .asObservable()
                        }
                    }
                    return events
                },
            ]
        ),
    ]
}
