import Foundation

/// Where a test method is declared, found from its XCTest name in the package's `Tests` folder, so
/// that a failure found after the test body (the leak check in `tearDown`) is reported at the
/// test's own line rather than inside RivuletTest.
struct TestMethodLocation: Equatable {
    /// The file's path.
    let filePath: String
    /// The 1-based line of the `func` declaration.
    let line: Int

    /// The class and method of an XCTest name: `Suite.testX` (Linux) or `-[Suite testX]` (Apple).
    static func parts(ofTestName name: String) -> (className: String, method: String)? {
        var text = Substring(name)
        if text.hasPrefix("-["), text.hasSuffix("]") { text = text.dropFirst(2).dropLast() }
        let pieces = text.split(whereSeparator: { $0 == "." || $0 == " " })
        guard pieces.count >= 2, let method = pieces.last, let className = pieces.dropLast().last else { return nil }
        return (String(className), String(method))
    }

    /// The declaration of the test called `testName` in a Swift file under `root` that declares
    /// its class (a `class <Name>` or an `extension <Name>`), or `nil`.
    static func find(testName: String, under root: URL) -> TestMethodLocation? {
        guard let (className, method) = parts(ofTestName: testName),
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        else { return nil }
        for case let url as URL in files where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                text.contains(className), text.contains("func \(method)(")
            else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let declaresClass = lines.contains { line in
                let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                return zip(words, words.dropFirst()).contains {
                    ($0 == "class" || $0 == "extension") && $1 == className
                }
            }
            guard declaresClass,
                let index = lines.firstIndex(where: { $0.contains("func \(method)(") })
            else { continue }
            return TestMethodLocation(filePath: url.path, line: index + 1)
        }
        return nil
    }
}
