import Foundation
import TestSupport
import XCTest

/// docs/DESIGN.md's "Threading and disposal contract" is a numbered list; every sentence N has at
/// least one test named `test_contractN_...` somewhere in the test targets.
final class ContractCoverageTests: RivuletTestCase {
    func testEveryContractSentenceHasATestNamedAfterIt() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let design = try String(contentsOf: root.appendingPathComponent("docs/DESIGN.md"), encoding: .utf8)
        guard
            let section = design.components(separatedBy: "## Threading and disposal contract").dropFirst().first?
                .components(separatedBy: "\n## ").first
        else { return XCTFail("no contract section in docs/DESIGN.md") }
        let numbers = section.split(separator: "\n").compactMap { line -> Int? in
            guard let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix(" **") else {
                return nil
            }
            return Int(line[..<dot])
        }
        guard !numbers.isEmpty else { return XCTFail("no numbered sentences in the contract section") }
        XCTAssertEqual(numbers, Array(1...numbers.count), "the sentences are numbered 1, 2, 3, ...")
        var sources = ""
        let files = FileManager.default.enumerator(
            at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            sources += try String(contentsOf: file, encoding: .utf8)
        }
        for number in numbers {
            XCTAssertTrue(sources.contains("func test_contract\(number)_"), "no test named test_contract\(number)_...")
        }
    }
}
