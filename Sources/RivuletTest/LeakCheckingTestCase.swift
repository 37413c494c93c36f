import Foundation
import Rivulet
import XCTest

/// An `XCTestCase` that fails any test leaving live sinks or subscriptions behind:
/// `Resources.total` (counted in debug builds) must be back at its starting value when the test
/// ends. Inherit from it instead of `XCTestCase` to have every test checked.
///
/// ```swift
/// final class ViewModelTests: LeakCheckingTestCase {
///     func testSearch() { ... }  // fails if a subscription made here is still alive at the end
/// }
/// ```
///
/// Subclasses that override `setUp()`/`tearDown()` call `super` (first in `setUp`, last in
/// `tearDown`). Keep subscriptions in locals, not in stored properties of the test case: XCTest
/// keeps test-case instances alive, so a stored subscription would be reported as a leak. In
/// release builds the counter is always 0 and the check always passes.
open class LeakCheckingTestCase: XCTestCase {
    private var resourcesAtStart: Int32 = 0
    private var kindsAtStart: [String: Int32] = [:]

    /// Records `Resources.total` (and what it counts, by kind) before the test.
    open override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
        kindsAtStart = Resources.totalByKind
    }

    /// Fails the test if `Resources.total` is not back at its starting value, naming the test and
    /// the kinds of sinks and subscriptions still alive. The failure is reported at the test
    /// method's declaration when it is found in the `Tests` folder of the working directory (where
    /// `swift test` runs), else here.
    open override func tearDown() {
        let total = Resources.total
        if total != resourcesAtStart {
            let message = Self.leakReport(
                test: name, leaked: total - resourcesAtStart, before: kindsAtStart, after: Resources.totalByKind)
            let tests = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Tests")
            if let location = TestMethodLocation.find(testName: name, under: tests) {
                // At the test's own line (found in the package's Tests folder).
                #if canImport(Darwin)
                    record(
                        XCTIssue(
                            type: .assertionFailure, compactDescription: message,
                            sourceCodeContext: XCTSourceCodeContext(
                                location: XCTSourceCodeLocation(filePath: location.filePath, lineNumber: location.line))
                        ))
                #else
                    recordFailure(
                        withDescription: message, inFile: location.filePath, atLine: location.line, expected: true)
                #endif
            } else {
                XCTFail(message)
            }
        }
        super.tearDown()
    }

    /// The message of a failed leak check: how many resources `test` left alive and of which kinds
    /// (`after` minus `before`, most numerous first).
    package static func leakReport(test: String, leaked: Int32, before: [String: Int32], after: [String: Int32])
        -> String
    {
        var kinds = after.map { (name: $0.key, count: $0.value - before[$0.key, default: 0]) }
        for (name, count) in before where after[name] == nil { kinds.append((name, -count)) }
        kinds = kinds.filter { $0.count != 0 }.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
        let listed = kinds.map { "\($0.count) \($0.name)" }.joined(separator: ", ")
        let what = leaked > 0 ? "left \(leaked) sink(s) or subscription(s) alive" : "freed \(-leaked) more than it made"
        return "leak check: \(test) \(what) (Resources.total \(leaked > 0 ? "+" : "")\(leaked))"
            + (listed.isEmpty ? "" : ": \(listed)")
    }
}
