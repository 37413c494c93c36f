// Operator-reference sections: filtering operators (see Sections.swift).
import Rivulet
import RivuletTest

func filteringSections() -> [Section] {
    [
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
            title: "distinctUntilChanged", declarations: [("DistinctUntilChanged.swift", "")],
            combine: "`removeDuplicates()`, `removeDuplicates(by:)`, `tryRemoveDuplicates(by:)`",
            demos: [
                Demo(code: "xs.distinctUntilChanged()") { lab in
                    let xs = try lab.hot("xs", "-a-a-b-b-a-|")
                    return lab.start { xs.distinctUntilChanged() }
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
            title: "ignoreElements", declarations: [("IgnoreElements.swift", "ignoreElements(")],
            combine: "`ignoreOutput()`",
            demos: [
                Demo(code: "xs.ignoreElements()") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.ignoreElements() }
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
            title: "skip(while:)", declarations: [("SkipWhile.swift", "")],
            combine: "`drop(while:)`, `tryDrop(while:)`",
            demos: [
                Demo(code: #"xs.skip(while: { $0 != "c" })"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--a--|")
                    return lab.start { xs.skip(while: { $0 != "c" }) }
                }
            ]),
        Section(
            title: "take", declarations: [("Take.swift", "take(")], combine: "`prefix(_:)`; `first()` for one value",
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
            combine: "`prefix(while:)`, `tryPrefix(while:)`",
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
            title: "single", declarations: [("SingleElement.swift", "single(")], combine: nil,
            demos: [
                Demo(code: "xs.single()") { lab in
                    let xs = try lab.hot("xs", "--a-----|")
                    return lab.start { xs.single() }
                },
                Demo(code: "xs.single()", note: "The error is `RxError.moreThanOneElement`.") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.single() }
                },
                Demo(code: #"xs.single { $0 == "b" }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.single { $0 == "b" } }
                },
            ]),
        Section(
            title: "element(at:)", declarations: [("ElementAt.swift", "element"), ("ElementAt.swift", "elementAt")],
            combine: "`output(at:)`",
            demos: [
                Demo(code: "xs.element(at: 1)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.element(at: 1) }
                }
            ]),
        Section(
            title: "takeLast", declarations: [("TakeLast.swift", "takeLast(")], combine: "`last()` for one value",
            demos: [
                Demo(code: "xs.takeLast(2)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.takeLast(2) }
                }
            ]),
        Section(
            title: "skipLast", declarations: [("SkipLast.swift", "skipLast(")], combine: nil,
            demos: [
                Demo(code: "xs.skipLast(2)") { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    return lab.start { xs.skipLast(2) }
                }
            ]),
        Section(
            title: "sample", declarations: [("Sample.swift", "sample<")], combine: nil,
            demos: [
                Demo(code: "xs.sample(ys)") { lab in
                    let xs = try lab.hot("xs", "-a-b---c-----|")
                    let ys = try lab.hot("ys", "--x--x--x-x----x-")
                    return lab.start { xs.sample(ys) }
                },
                Demo(code: #"xs.sample(ys, defaultValue: "z")  // disposed at 300"#) { lab in
                    let xs = try lab.hot("xs", "-a-------")
                    let ys = try lab.hot("ys", "--x--x--x")
                    return lab.start(disposed: 300) { xs.sample(ys, defaultValue: "z") }
                },
            ]),
    ]
}
