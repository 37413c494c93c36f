// Operator-reference sections: utility operators (side effects, bindings, sharing) (see Sections.swift).
import Rivulet
import RivuletTest

func utilitySections() -> [Section] {
    [
        Section(
            title: "bind", declarations: [("Bind.swift", "")], combine: "`assign(to:on:)`, `sink`",
            demos: [
                Demo(code: "xs.bind(to: observer)") { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.record { observer in xs.bind(to: observer) }
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
            title: "materialize, dematerialize", declarations: [("Materialize.swift", "")], combine: nil,
            demos: [
                Demo(code: "xs.materialize()") { lab in
                    let xs = try lab.hot("xs", "--a--b--#")
                    return lab.start { xs.materialize() }
                },
                Demo(code: "xs.materialize().dematerialize()") { lab in
                    let xs = try lab.hot("xs", "--a--b--#")
                    return lab.start { xs.materialize().dematerialize() }
                },
            ]),
        Section(
            title: "debug", declarations: [("Debug.swift", "debug(")], combine: nil,
            demos: [
                Demo(
                    code: #"xs.debug("xs")"#,
                    note:
                        "The events pass unchanged. Standard output gets `<timestamp>: xs -> subscribed`, `xs -> Event next(a)`, `xs -> Event next(b)`, `xs -> Event completed`, `xs -> isDisposed`."
                ) { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    return lab.start { xs.debug("xs") }
                }
            ]),
    ]
}
