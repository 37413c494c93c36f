// Operator-reference sections: transforming operators (see Sections.swift).
import Foundation
import Rivulet
import RivuletTest

func transformingSections() -> [Section] {
    [
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
            title: "compactMap", declarations: [("CompactMap.swift", "compactMap")],
            combine: "`compactMap`, `tryCompactMap`",
            demos: [
                Demo(code: "xs.compactMap { Int($0) }") { lab in
                    let xs = try lab.hot("xs", "--1--a--2--|")
                    return lab.start { xs.compactMap { Int($0) } }
                }
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
            title: "decode", declarations: [("Decode.swift", "decode<")],
            combine: "`decode(type:decoder:)`, `encode(encoder:)`",
            demos: [
                Demo(code: "xs.map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder()).map(String.init)") {
                    lab in
                    let xs = try lab.hot("xs", "--1--2--x--3--|")
                    return lab.start {
                        xs.map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder()).map(String.init)
                    }
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
            title: "groupBy", declarations: [("GroupBy.swift", "groupBy<")], combine: nil,
            demos: [
                Demo(code: "xs.groupBy { $0.lowercased() }.flatMap { group in group.take(1) }") { lab in
                    let xs = try lab.hot("xs", "-a-B-A-b-c-|")
                    return lab.start { xs.groupBy { $0.lowercased() }.flatMap { group in group.take(1) } }
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
            title: "scan", declarations: [("Scan.swift", "")], combine: "`scan(_:_:)`",
            demos: [
                Demo(code: #"xs.scan("") { $0 + $1 }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.scan("") { $0 + $1 } }
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
            title: "withUnretained", declarations: [("WithUnretained.swift", "withUnretained")], combine: nil,
            demos: [
                Demo(
                    code: "xs.withUnretained(owner).map { $1 }  // owner released at 265",
                    note:
                        "The value after the release completes the stream; the release itself sends nothing."
                ) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--d--|")
                    var owner: Log? = Log()
                    lab.scheduler.scheduleAt(265) { owner = nil }
                    return lab.start { xs.withUnretained(owner!).map { $1 } }
                }
            ]),
        Section(
            title: "reduce", declarations: [("Reduce.swift", "reduce")], combine: "`reduce(_:_:)`, `tryReduce`",
            demos: [
                Demo(code: #"xs.reduce("", accumulator: +)"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.reduce("", accumulator: +) }
                }
            ]),
        Section(
            title: "enumerated", declarations: [("Enumerated.swift", "enumerated(")], combine: nil,
            demos: [
                Demo(code: #"xs.enumerated().map { "\($0.index)\($0.element)" }"#) { lab in
                    let xs = try lab.hot("xs", "--a--b--c--|")
                    return lab.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
                }
            ]),
        Section(
            title: "flatMapFirst", declarations: [("FlatMapFirst.swift", "flatMapFirst<")], combine: nil,
            demos: [
                Demo(code: "xs.flatMapFirst { x in ys.map { x + $0 } }") { lab in
                    let xs = try lab.hot("xs", "-a-b------c---|")
                    let ys = try lab.cold("ys", "-1-2|")
                    return lab.start { xs.flatMapFirst { x in ys.map { x + $0 } } }
                }
            ]),
        Section(
            title: "window", declarations: [("Window.swift", "window(")], combine: nil,
            demos: [
                Demo(code: "xs.window(timeSpan: .seconds(40), count: 2, scheduler: scheduler).flatMap { $0.toArray() }")
                {
                    lab in
                    let scheduler = lab.scheduler
                    let xs = try lab.hot("xs", "-a-bc---d----|")
                    return lab.start {
                        xs.window(timeSpan: .seconds(40), count: 2, scheduler: scheduler).flatMap { $0.toArray() }
                    }
                }
            ]),
    ]
}
