import Foundation
import OperatorCatalog
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// Contract 15 for every operator and trait of the operator reference: each demo of
/// docs/operators.md (the table in OperatorCatalog), and the extra demos of `leakCheckDemos()`
/// (the forms the page does not draw: more arities, collections, trait combinators), runs along every terminal path (as drawn,
/// each input completing first and failing first while the others stay open, disposed from
/// outside with every input open, disposed from inside the handler at the first value), with a
/// subscriber whose handler captures the `SingleAssignmentDisposable` of its own subscription,
/// subscribed in each form (`subscribe { event in }`, `subscribe(observer)`,
/// `subscribe(onNext:onError:onCompleted:)`, and through a `Single`, `Maybe`, `Completable` and
/// `Infallible`'s own `subscribe`).
/// After each run, the subscriber and what it captures are freed, no source is still subscribed,
/// and `Resources.total` is back at its start.
final class OperatorLeakTests: RivuletTestCase {
    /// The demos whose subscriber is still alive at the disposal time, with no terminal event,
    /// though every input was subscribed and let go, and why. The check lists every such demo, so
    /// this list is exact: a fix that removes one fails the test until it is removed here.
    private static let keptAfterTheirInputsEnded: [String: String] = [
        // Not a leak: at the disposal time (300) a resubscription is scheduled (the delayed retry).
        "retry(when:), demo 2": "a retry is pending",
        // Not a leak: the sampler completes before the source, so (as in RxSwift) the stream never
        // ends; disposing it ends it.
        "sample, demo 3": "the stream never ends",
    ]

    /// What one run along one path left behind (empty: nothing), and whether its subscriber was
    /// kept after its inputs ended (`keptAfterTheirInputsEnded`).
    private func leftovers(of demo: Demo, along path: TerminalPath, subscriber: SubscriberForm = .eventHandler)
        -> (inputs: Int, problems: [String], keptAfterInputsEnded: Bool)
    {
        let start = Resources.total
        var inputs = 0
        var problems: [String] = []
        var kept = false
        do {
            let lab = Lab(simulateProcessingDelay: demo.simulateProcessingDelay, path: path, subscriber: subscriber)
            do {
                _ = try demo.run(lab)
            } catch {
                return (0, ["the demo threw \(error)"], false)
            }
            kept = lab.keptAfterItsInputsEnded
            inputs = lab.sources.count
            if !lab.subscribed { problems.append("never subscribed") }
            if lab.captured != nil { problems.append("the subscriber (and the disposable it captures) is alive") }
            let open = lab.sources.filter { $0.observable.subscriptions.contains { $0.unsubscribe == Int.max } }
            if !open.isEmpty { problems.append("still subscribed to \(open.map(\.label))") }
            if Resources.total != start { problems.append("\(Resources.total - start) resources alive at the end") }
        }
        if problems.isEmpty, Resources.total != start {
            problems.append("\(Resources.total - start) resources alive once the sources are gone")
        }
        return (inputs, problems, kept)
    }

    func test_contract15_everyOperatorAndTraitReleasesEverythingOnEveryTerminalPath() {
        var failures: [String] = []
        var runs = 0
        var demos = 0
        var sectionsRun: [String] = []
        var kept: Set<String> = []
        let sections = makeSections()
        let extra = Dictionary(leakCheckDemos().map { ($0.section, $0.demos) }, uniquingKeysWith: +)
        XCTAssertEqual(Set(extra.keys).subtracting(sections.map(\.title)), [], "extra demos of no section")
        assertFinishes(within: 120, "the leak check of every operator") {
            for section in sections {
                var sectionRuns = 0
                for (number, demo) in (section.demos + extra[section.title, default: []]).enumerated() {
                    demos += 1
                    let inputs = self.leftovers(of: demo, along: .asDrawn).inputs
                    for path in TerminalPath.all(inputs: inputs) {
                        for subscriber in SubscriberForm.allCases {
                            runs += 1
                            sectionRuns += 1
                            let run = self.leftovers(of: demo, along: path, subscriber: subscriber)
                            var problems = run.problems
                            let key = "\(section.title), demo \(number + 1)"
                            if run.keptAfterInputsEnded {
                                kept.insert(key)
                                if Self.keptAfterTheirInputsEnded[key] == nil {
                                    problems.append(
                                        "the subscriber was kept after every input had ended, with no terminal event")
                                }
                            }
                            if !problems.isEmpty {
                                failures.append(
                                    "\(section.title), demo \(number + 1) `\(demo.code)`, \(path), \(subscriber): "
                                        + problems.joined(separator: "; "))
                            }
                        }
                    }
                }
                if sectionRuns > 0 { sectionsRun.append(section.title) }
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(runs) runs leave something behind")
        XCTAssertEqual(kept, Set(Self.keptAfterTheirInputsEnded.keys), "the known list is exact")
        XCTAssertEqual(sectionsRun, sections.map(\.title), "every section runs")
        XCTAssertGreaterThan(runs, 5_000)
        print("OperatorLeakTests: \(sections.count) sections, \(demos) demos, \(runs) terminal paths")
    }

    /// The family covers the page: every `## ` section of docs/operators.md is a section of the
    /// table it runs (the generator fails when a public operator, factory or trait function has
    /// no section, and CI fails when the page is not what the table generates).
    func test_contract15_theLeakCheckCoversEverySectionOfTheOperatorReference() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/operators.md"), encoding: .utf8)
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        let sections = makeSections()
        XCTAssertEqual(headings, sections.map(\.title))
        XCTAssertEqual(sections.filter(\.demos.isEmpty).map(\.title), [], "sections without a demo to run")
        XCTAssertGreaterThan(headings.count, 80)
    }

    /// The paths rewrite the sources so that the subscription ends the intended way.
    func test_terminalPathsRewriteTheDiagrams() {
        XCTAssertEqual(TerminalPath.inputEnds(input: 0, failing: true).diagram("--a--|", ofInput: 0), "--a--#")
        XCTAssertEqual(TerminalPath.inputEnds(input: 0, failing: false).diagram("--a--#", ofInput: 0), "--a--|")
        XCTAssertEqual(TerminalPath.inputEnds(input: 1, failing: false).diagram("--a--|", ofInput: 0), "--a---")
        XCTAssertEqual(TerminalPath.inputEnds(input: 0, failing: false).diagram("-x-x", ofInput: 0), "-x-x|")
        XCTAssertEqual(TerminalPath.disposedFromOutside.diagram("-a-(b|)", ofInput: 0), "-a-(b)")
        XCTAssertEqual(TerminalPath.asDrawn.diagram("-a-(b|)", ofInput: 0), "-a-(b|)")
        XCTAssertEqual(TerminalPath.all(inputs: 2).count, 7)
    }
}
