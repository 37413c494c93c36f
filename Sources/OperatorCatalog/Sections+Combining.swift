// Operator-reference sections: combining operators (see Sections.swift).
import Rivulet
import RivuletTest

func combiningSections() -> [Section] {
    [
        Section(
            title: "combineLatest",
            declarations: [
                ("CombineLatest.swift", ""), ("CombineLatest+Arity.swift", ""), ("CombineLatest+Collection.swift", ""),
            ],
            combine: "`Publishers.CombineLatest(a, b)`, `a.combineLatest(b)`, `CombineLatest3`, `CombineLatest4`",
            demos: [
                Demo(code: "Observable.combineLatest(xs, ys) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "--a----b-----|")
                    let ys = try lab.hot("ys", "-----1----2--|")
                    return lab.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
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
            title: "merge", declarations: [("Merge.swift", "merge<"), ("Merge.swift", "merge(_")],
            combine: "`Publishers.Merge(a, b)`, `a.merge(with: b)`, `Merge3`, `Merge4`, `Publishers.MergeMany`",
            demos: [
                Demo(code: "Observable.merge(xs.asObservable(), ys.asObservable())") { lab in
                    let xs = try lab.hot("xs", "--a-----b--|")
                    let ys = try lab.hot("ys", "-----x--y-----|")
                    return lab.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
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
            title: "withLatestFrom", declarations: [("WithLatestFrom.swift", "")], combine: nil,
            demos: [
                Demo(code: "xs.withLatestFrom(ys) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "--a----b--c--|")
                    let ys = try lab.hot("ys", "-----1----2--3--|")
                    return lab.start { xs.withLatestFrom(ys) { $0 + $1 } }
                }
            ]),
        Section(
            title: "zip",
            declarations: [("Zip.swift", ""), ("Zip+Collection.swift", "")],
            combine:
                "`Publishers.Zip(a, b)`, `a.zip(b)`, `Zip3`, `Zip4` (Combine finishes once an upstream has finished with none of its values waiting)",
            demos: [
                Demo(code: "Observable.zip(xs, ys) { $0 + $1 }") { lab in
                    let xs = try lab.hot("xs", "-a---b-c---|")
                    let ys = try lab.hot("ys", "---1----2-3---|")
                    return lab.start { Observable.zip(xs, ys) { $0 + $1 } }
                },
                Demo(
                    code: "Observable.zip([xs, ys]).map { $0.joined() }",
                    note:
                        "The collection form also completes when a value arrives that can never be paired (every other source has completed and one has nothing queued); the forms with two to eight arguments complete only when every source has completed, as in RxSwift."
                ) { lab in
                    let xs = try lab.hot("xs", "-a-b-|")
                    let ys = try lab.hot("ys", "--1----2-3-|")
                    return lab.start { Observable.zip([xs, ys]).map { $0.joined() } }
                },
            ]),
        Section(
            title: "amb", declarations: [("Amb.swift", "amb")], combine: nil,
            demos: [
                Demo(code: "xs.amb(ys)") { lab in
                    let xs = try lab.hot("xs", "----a--b--|")
                    let ys = try lab.hot("ys", "--x--y----|")
                    return lab.start { xs.amb(ys) }
                }
            ]),
        Section(
            title: "ifEmpty", declarations: [("IfEmpty.swift", "ifEmpty(")],
            combine: "`replaceEmpty(with:)` (the default-value form)",
            demos: [
                Demo(code: #"xs.ifEmpty(default: "z")"#) { lab in
                    let xs = try lab.hot("xs", "-----|")
                    return lab.start { xs.ifEmpty(default: "z") }
                },
                Demo(code: "xs.ifEmpty(switchTo: ys.asObservable())") { lab in
                    let xs = try lab.hot("xs", "-----|")
                    let ys = try lab.cold("ys", "-a-b|")
                    return lab.start { xs.ifEmpty(switchTo: ys.asObservable()) }
                },
            ]),
    ]
}
