// Writes docs/operators.md: for every Rx operator and factory in Sources/Rivulet/Operators and
// Sources/Rivulet/Factories, and every trait function in Sources/Rivulet/Traits, its declarations (read from the source files), the first sentence of
// its doc comment, and input and output marble diagrams drawn with `Marbles.diagram` from a real
// run on a `TestScheduler`. Run from the package root: `swift run operator-reference`.
// CI regenerates the file and fails if the committed one differs. The generator also fails when a
// public operator in those folders has no section.
import Foundation
import OperatorCatalog
import Rivulet
import RivuletTest

// MARK: Reading declarations from the sources

struct Declaration {
    var file: String
    var text: String  // `func ...` or `static func ...`, whitespace collapsed
    var attributes: [String]
    var summary: String
    var afterFunc: String
}

func collapse(_ text: String) -> String {
    var result = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    result = result.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
    result = result.replacingOccurrences(of: "< ", with: "<").replacingOccurrences(of: ", >", with: ">")
    result = result.replacingOccurrences(of: ",)", with: ")")
    return result
}

/// The first sentence of a doc comment's first paragraph.
func summary(of docLines: [String]) -> String {
    var paragraph: [String] = []
    for line in docLines {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { break }
        paragraph.append(text)
    }
    let joined = paragraph.joined(separator: " ")
    var inCode = false
    var index = joined.startIndex
    while index < joined.endIndex {
        let character = joined[index]
        if character == "`" { inCode.toggle() }
        let next = joined.index(after: index)
        if character == ".", !inCode, next == joined.endIndex || joined[next] == " " {
            // Not a sentence end: an ellipsis (`1, 2, ... every`) or a lowercase continuation.
            let following = joined[next...].dropFirst().first
            if index > joined.startIndex, joined[joined.index(before: index)] == "." {
                index = next
                continue
            }
            if let following, following.isLowercase {
                index = next
                continue
            }
            return String(joined[...index])
        }
        index = next
    }
    return joined
}

func declarations(in root: URL, folders: [String]) throws -> [Declaration] {
    var result: [Declaration] = []
    for folder in folders {
        let directory = root.appendingPathComponent("Sources/Rivulet/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".swift")
        }.sorted()
        for file in files {
            let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var docs: [String] = []
            var attributes: [String] = []
            var index = 0
            while index < lines.count {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("///") {
                    docs.append(String(line.dropFirst(3)))
                } else if line.hasPrefix("@") {
                    if line.hasPrefix("@available") { attributes.append(line) }
                } else if line.hasPrefix("public func ") || line.hasPrefix("public static func ") {
                    var text = ""
                    while index < lines.count {
                        let part = lines[index].trimmingCharacters(in: .whitespaces)
                        if part.hasSuffix("{") {
                            text += " " + part.dropLast()
                            break
                        }
                        text += " " + part
                        index += 1
                    }
                    let declaration = collapse(String(text.dropFirst(" public ".count)))
                    let afterFunc = String(declaration[declaration.range(of: "func ")!.upperBound...])
                    result.append(
                        Declaration(
                            file: "\(folder)/\(file)", text: declaration, attributes: attributes,
                            summary: summary(of: docs), afterFunc: afterFunc))
                    docs = []
                    attributes = []
                } else {
                    docs = []
                    attributes = []
                }
                index += 1
            }
        }
    }
    return result
}

// MARK: Drawing

struct Keys {
    private(set) var keyOf: [String: String] = [:]
    private(set) var legend: [(key: String, value: String)] = []

    init(_ values: [String]) {
        let distinct = values.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        func drawable(_ value: String) -> Bool {
            value.count == 1 && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        for value in distinct where drawable(value) { keyOf[value] = value }
        var free = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz").map(String.init)
            .filter { keyOf[$0] == nil }.makeIterator()
        for value in distinct where keyOf[value] == nil {
            let key = free.next() ?? "?"
            keyOf[value] = key
            legend.append((key, value))
        }
    }

    var values: [String: String] { Dictionary(uniqueKeysWithValues: keyOf.map { ($0.value, $0.key) }) }
}

struct DrawingError: Error, CustomStringConvertible {
    var description: String
}

func elements(_ events: [Recorded<Event<String>>]) -> [String] {
    events.compactMap { $0.value.element }
}

func draw(_ events: [Recorded<Event<String>>], keys: Keys, origin: TestTime, what: String) throws -> String {
    guard let text = Marbles.diagram(events, values: keys.values, origin: origin) else {
        throw DrawingError(description: "cannot draw \(what): \(events)")
    }
    return text
}

func render(_ demo: Demo) throws -> String {
    let lab = Lab(simulateProcessingDelay: demo.simulateProcessingDelay)
    let output = try demo.run(lab)
    let keys = Keys(lab.sources.flatMap { elements($0.observable.recordedEvents) } + elements(output))
    var rows: [(String, String)] = []
    for source in lab.sources {
        let origin = source.cold ? 0 : Marbles.defaultOrigin
        let label = source.cold ? "\(source.label) (cold)" : source.label
        rows.append((label, try draw(source.observable.recordedEvents, keys: keys, origin: origin, what: source.label)))
    }
    rows.append(("result", try draw(output, keys: keys, origin: Marbles.defaultOrigin, what: "the result")))
    for source in lab.sources {
        for (number, subscription) in source.observable.subscriptions.enumerated() {
            guard let text = Marbles.diagram(subscription) else {
                throw DrawingError(description: "cannot draw subscription \(subscription) of \(source.label)")
            }
            let suffix = source.observable.subscriptions.count > 1 ? " \(number + 1)" : ""
            rows.append(("\(source.label) subscribed\(suffix)", text))
        }
    }
    let width = rows.map(\.0.count).max() ?? 0
    var text = "`\(demo.code)`\n\n```text\n"
    for (label, diagram) in rows {
        let line = (label + ":").padding(toLength: width + 3, withPad: " ", startingAt: 0) + diagram
        text += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
    }
    text += "```\n"
    if !keys.legend.isEmpty {
        text += "\nValues: " + keys.legend.map { "`\($0.key)` = `\($0.value)`" }.joined(separator: ", ") + ".\n"
    }
    if let note = demo.note { text += "\n\(note)\n" }
    return text
}

// MARK: Main

/// The package root: the directory above `Sources/OperatorReference` that this file was compiled
/// from, or else the working directory if it holds the package.
func packageRoot() -> URL? {
    let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let candidates = [fromSource, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    return candidates.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Sources/Rivulet").path)
            && FileManager.default.fileExists(atPath: $0.appendingPathComponent("docs").path)
    }
}

guard let root = packageRoot() else {
    print(
        "operator-reference: cannot find the Rivulet package (Sources/Rivulet and docs/): run it from the package root")
    exit(1)
}
do {
    let all = try declarations(in: root, folders: ["Factories", "Operators", "Traits"])
    var claimed = Set<Int>()
    var body = ""
    var index: [String] = []
    let sections = makeSections()
    for section in sections {
        var shown: [Declaration] = []
        for (file, prefix) in section.declarations {
            let matches = all.indices.filter {
                all[$0].file.hasSuffix("/" + file) && all[$0].afterFunc.hasPrefix(prefix)
            }
            guard !matches.isEmpty else {
                throw DrawingError(
                    description: "section \(section.title): no declaration in \(file) starts with `\(prefix)`")
            }
            claimed.formUnion(matches)
            shown += matches.map { all[$0] }
        }
        let anchor = section.title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " }
            .replacingOccurrences(of: " ", with: "-")
        index.append("[\(section.title)](#\(anchor))")
        body += "## \(section.title)\n\n"
        body += section.summary ?? shown.first { $0.attributes.isEmpty }.map { $0.summary } ?? shown[0].summary
        body += "\n\n```swift\n"
        for declaration in shown {
            for attribute in declaration.attributes { body += attribute + "\n" }
            body += declaration.text + "\n"
        }
        body +=
            "```\n\nSource: `Sources/Rivulet/\(Set(shown.map(\.file)).sorted().joined(separator: "`, `Sources/Rivulet/"))`\n\n"
        for demo in section.demos { body += try render(demo) + "\n" }
        if let combine = section.combine { body += "Combine dialect: \(combine)\n\n" }
    }
    let unclaimed = all.indices.filter { !claimed.contains($0) }
    if !unclaimed.isEmpty {
        for position in unclaimed { print("no section shows \(all[position].file): \(all[position].text)") }
        exit(1)
    }
    let header = """
        # Operator reference

        <!-- Generated by `swift run operator-reference` (Sources/OperatorReference/main.swift). Do not edit: CI regenerates this file and fails if it differs. -->

        Every Rx operator and factory of Rivulet (`Sources/Rivulet/Operators`, `Sources/Rivulet/Factories`),
        then the traits `Single`, `Maybe`, `Completable`, `Infallible`, `Driver` and `Signal`
        (`Sources/Rivulet/Traits`),
        with its declarations as written in the sources and marble diagrams of a real run: each demo
        creates hot sources (`TestScheduler.createHotObservable`) or cold ones
        (`createColdObservable`), runs the operator with `TestScheduler.start`, and draws what the
        sources sent, what the operator sent, and when each source was subscribed with
        `Marbles.diagram` (see [testing.md](testing.md) for the grammar). One `-` is 10 virtual
        ticks; frame 0 is virtual time 200, when `start` subscribes (a cold source's frame 0 is
        its own subscription). `#` is an error, `|` completion, `(ab)` events of one frame; a time
        progression such as `1s` is one tick (the scheduler's default resolution is one second per
        tick). Durations in the demos are seconds, so `.seconds(20)` is two frames. The default
        `start` disposes at 1000, which is off these diagrams unless a subscription ends earlier.
        The Combine dialect's spelling is given where one exists (see [dialects.md](dialects.md)).

        \(index.joined(separator: " · "))


        """
    let text = header + body.trimmingCharacters(in: .newlines) + "\n"
    try text.write(to: root.appendingPathComponent("docs/operators.md"), atomically: true, encoding: .utf8)
    print("operator-reference: wrote docs/operators.md (\(sections.count) sections, \(all.count) declarations)")
} catch {
    print("operator-reference: \(error)")
    exit(1)
}
