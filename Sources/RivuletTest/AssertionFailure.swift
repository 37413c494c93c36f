import Foundation
import XCTest
#if canImport(Testing)
    import Testing
#endif

/// A failed RivuletTest assertion: its message and the caller's source location.
///
/// Failures go to Swift Testing (`Issue.record`) when a Swift Testing test is running, otherwise
/// to XCTest (`XCTFail`), always at the caller's file and line. Inside
/// `captureAssertionFailures(_:)` they are collected instead, so a test can check the exact
/// message of a deliberately failing assertion.
public struct AssertionFailure: Sendable, Equatable, CustomStringConvertible {
    /// The full failure message.
    public let message: String
    /// `#fileID` of the caller (`Module/File.swift`).
    public let fileID: String
    /// `#filePath` of the caller.
    public let filePath: String
    /// The caller's line.
    public let line: UInt
    /// The caller's column (0 when the assertion has no column parameter).
    public let column: UInt

    /// `File.swift:12: message`.
    public var description: String { "\(fileID):\(line): \(message)" }
}

/// Runs `body` and returns the RivuletTest assertion failures it produced, instead of reporting
/// them to XCTest or Swift Testing. Works on every platform and with both test frameworks.
///
/// ```swift
/// let failures = captureAssertionFailures {
///     XCTAssertEqual(observer.events, [.next(210, 1)])
/// }
/// XCTAssertEqual(failures.map(\.message), ["..."])
/// ```
public func captureAssertionFailures(_ body: () throws -> Void) rethrows -> [AssertionFailure] {
    let collector = FailureCollector()
    try FailureCollector.$current.withValue(collector) { try body() }
    return collector.failures
}

/// Collects failures for `captureAssertionFailures`.
final class FailureCollector: @unchecked Sendable {
    // @unchecked Sendable: `collected` is guarded by `lock`.
    @TaskLocal static var current: FailureCollector?

    private let lock = NSLock()
    private var collected: [AssertionFailure] = []

    var failures: [AssertionFailure] { lock.withLock { collected } }

    func add(_ failure: AssertionFailure) { lock.withLock { collected.append(failure) } }
}

/// Reports a failure to the active collector, Swift Testing, or XCTest (in that order).
func reportFailure(
    _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
) {
    let failure = AssertionFailure(
        message: message, fileID: fileID, filePath: "\(filePath)", line: line, column: column)
    if let collector = FailureCollector.current {
        collector.add(failure)
        return
    }
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(max(column, 1))))
            return
        }
    #endif
    XCTFail(message, file: filePath, line: line)
}
