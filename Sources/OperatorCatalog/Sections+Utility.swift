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
            title: "debug", declarations: [("Debug.swift", "debug(")], combine: "`print(_:to:)`, `handleEvents(...)`",
            demos: [
                Demo(
                    code: #"xs.debug("xs")"#,
                    note:
                        "The events pass unchanged. Standard output gets `<timestamp>: xs -> subscribed`, `xs -> Event next(a)`, `xs -> Event next(b)`, `xs -> Event completed`, `xs -> isDisposed`."
                ) { lab in
                    let xs = try lab.hot("xs", "--a--b--|")
                    // The log goes to standard output; keep it out of the tool's own output.
                    return silencingStandardOutput { lab.start { xs.debug("xs") } }
                }
            ]),
        Section(
            title: "publish, replay, multicast",
            declarations: [("Multicast.swift", "")],
            combine: "`makeConnectable()`, `multicast(subject:)`, `multicast(_:)`, `connect()`",
            summary:
                "`publish()`, `replay(_:)`, `replayAll()` and `multicast` return a `ConnectableObservable`: its subscribers share one subscription to the source, which `connect()` makes.",
            demos: [
                Demo(
                    code: "let published = xs.publish(); published.subscribe(...) at 200; published.connect() at 230",
                    note: "The subscriber receives only what the source sends while connected."
                ) { lab in
                    let xs = try lab.hot("xs", "-a-b-c-d-|")
                    let published = xs.publish()
                    lab.scheduler.scheduleAt(230) { lab.keep(connection: published.connect()) }
                    return lab.start { published.asObservable() }
                },
                Demo(code: "let replayed = xs.replay(1); replayed.connect() at 200; replayed.subscribe(...) at 240") {
                    lab in
                    let xs = try lab.hot("xs", "-a-b-c-d-|")
                    let replayed = xs.replay(1)
                    lab.scheduler.scheduleAt(200) { lab.keep(connection: replayed.connect()) }
                    return lab.start {
                        replayed.asObservable().delaySubscription(.seconds(40), scheduler: lab.scheduler)
                    }
                },
            ]),
        Section(
            title: "refCount", declarations: [("RefCount.swift", "refCount(")],
            combine: "`autoconnect()` (it connects on the first subscriber; only `cancel()`s disconnect)",
            demos: [
                Demo(code: "xs.publish().refCount()  // disposed at 260") { lab in
                    let xs = try lab.hot("xs", "-a-b-c-d-|")
                    return lab.start(disposed: 260) { xs.publish().refCount() }
                }
            ]),
    ]
}
