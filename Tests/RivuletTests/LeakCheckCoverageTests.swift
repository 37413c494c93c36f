import Foundation
import TestSupport
import XCTest

/// Every XCTestCase class in every test target inherits the leak-checking base (RivuletTest's
/// `LeakCheckingTestCase`, directly or through `RivuletTestCase`/`RealTimeTestCase`), so
/// `Resources.total` is checked after every test of the suite. Checked on the sources.
final class LeakCheckCoverageTests: RivuletTestCase {
    func test_contract15_everyTestCaseClassInheritsTheLeakCheckingBase() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let bases = ["LeakCheckingTestCase", "RivuletTestCase", "RealTimeTestCase"]
        var classes = 0
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", !file.path.contains("/Fuzz/") else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n")
            where (line.hasPrefix("final class ") || line.hasPrefix("class ")) && line.contains("Tests: ") {
                classes += 1
                if !bases.contains(where: { line.contains(": \($0)") }) {
                    offenders.append("\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
            XCTAssertFalse(
                text.contains(": XCTest" + "Case {"),
                "\(file.lastPathComponent) has a plain XCTestCase")
        }
        XCTAssertGreaterThan(classes, 100, "found the test classes of the three targets")
        XCTAssertEqual(offenders, [], "test classes without the leak check")
    }
}
