import Foundation
import Rivulet
import RivuletTest
import XCTest

/// The marble parser on hostile input, in the normal suite (the libFuzzer harness is
/// Tests/Fuzz/marbles.swift): seeded random diagrams and the committed fuzz corpus. Every input
/// either parses into ordered events with at most one terminal event, last, or throws a
/// `MarbleError` whose column is inside the diagram (or one past its end); a parsed result
/// diagram that can be drawn parses back to the same events.
final class MarbleRandomInputTests: LeakCheckingTestCase {
    private let alphabet: [Character] = Array("-----abcxyz019|#()^! mssm.5é🙂\t")

    private func check(_ diagram: String, kind: Marbles.DiagramKind, resolution: Double, context: String) {
        do {
            let events = try Marbles.events(diagram, kind: kind, resolution: resolution)
            XCTAssertEqual(events.map(\.time), events.map(\.time).sorted(), context)
            for (index, recorded) in events.enumerated() where recorded.value.isStopEvent {
                XCTAssertEqual(index, events.count - 1, "\(context): event after the terminal event")
            }
            guard kind == .result else { return }
            var keys: [String: String] = [:]
            for case .next(let value) in events.map(\.value) { keys[value] = value }
            if let drawn = Marbles.diagram(events, values: keys, resolution: resolution) {
                let again = try Marbles.events(drawn, kind: .result, resolution: resolution)
                XCTAssertEqual(again.map(\.time), events.map(\.time), "\(context): round trip via \(drawn)")
            }
        } catch {
            XCTAssertEqual(error.diagram, diagram, context)
            XCTAssertTrue((1...diagram.count + 1).contains(error.column), "\(context): column \(error.column)")
        }
        do {
            let subscription = try Marbles.subscription(diagram, resolution: resolution)
            XCTAssertLessThanOrEqual(subscription.subscribe, subscription.unsubscribe, context)
        } catch {
            XCTAssertTrue((1...diagram.count + 1).contains(error.column), "\(context): column \(error.column)")
        }
    }

    func testSeededRandomDiagramsParseOrThrowTheDocumentedError() {
        for seed in UInt64(1)...3_000 {
            var random = SeededGenerator(seed: seed)
            let length = Int.random(in: 0...24, using: &random)
            let diagram = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            let kind: Marbles.DiagramKind = [.hot, .cold, .result].randomElement(using: &random)!
            let resolution = [1, 0.001, 0.5, 0, -1, .nan, .infinity].randomElement(using: &random)!
            check(diagram, kind: kind, resolution: resolution, context: "seed \(seed): \(diagram)")
        }
    }

    func testCommittedFuzzCorpusParsesOrThrowsTheDocumentedError() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/marbles")
        let files = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: file)
            guard bytes.count >= 2 else { continue }
            let diagram = String(decoding: bytes.dropFirst(2), as: UTF8.self)
            for kind in [Marbles.DiagramKind.hot, .cold, .result] {
                check(diagram, kind: kind, resolution: 1, context: file.lastPathComponent)
            }
        }
    }
}
