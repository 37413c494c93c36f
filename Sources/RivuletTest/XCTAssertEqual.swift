import Rivulet
import XCTest

/// Asserts that two recorded event arrays are equal (time and event); on failure prints both,
/// one row per index, marking the rows that differ, at the caller's file and line.
///
/// ```swift
/// XCTAssertEqual(res.events, [.next(210, 10), .completed(300)])
/// ```
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>],
    file: StaticString = #filePath, line: UInt = #line
) {
    guard lhs != rhs else { return }
    let message = differenceTable(
        title: "recorded events differ",
        lhs.map(\.debugDescription), rhs.map(\.debugDescription),
        equal: { lhs[$0] == rhs[$0] })
    reportFailure(message, fileID: "\(file)", filePath: file, line: line, column: 0)
}

/// Asserts that two event arrays are equal; on failure prints both, one row per index, marking
/// the rows that differ, at the caller's file and line.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>], _ rhs: [Event<T>],
    file: StaticString = #filePath, line: UInt = #line
) {
    guard lhs != rhs else { return }
    let message = differenceTable(
        title: "events differ",
        lhs.map(\.debugDescription), rhs.map(\.debugDescription),
        equal: { lhs[$0] == rhs[$0] })
    reportFailure(message, fileID: "\(file)", filePath: file, line: line, column: 0)
}

/// Asserts that two `Single` event arrays are equal (values with `==`, errors as
/// `errorsAreEqual(_:_:)`); on failure prints both, one row per index, at the caller's file and
/// line.
///
/// ```swift
/// XCTAssertEqual(events, [.success(1)])
/// ```
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>],
    file: StaticString = #filePath, line: UInt = #line
) {
    let equal = { (index: Int) -> Bool in
        switch (lhs[index], rhs[index]) {
        case (.success(let l), .success(let r)): return l == r
        case (.failure(let l), .failure(let r)): return errorsAreEqual(l, r)
        default: return false
        }
    }
    guard lhs.count != rhs.count || !lhs.indices.allSatisfy(equal) else { return }
    let describe = { (event: SingleEvent<T>) -> String in
        switch event {
        case .success(let value): return "success(\(value))"
        case .failure(let error): return "failure(\(error))"
        }
    }
    let message = differenceTable(
        title: "events differ", lhs.map(describe), rhs.map(describe), equal: equal)
    reportFailure(message, fileID: "\(file)", filePath: file, line: line, column: 0)
}

/// Asserts that two `Maybe` event arrays are equal; on failure prints both, one row per index,
/// at the caller's file and line.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>],
    file: StaticString = #filePath, line: UInt = #line
) {
    guard lhs != rhs else { return }
    let message = differenceTable(
        title: "events differ", lhs.map { "\($0)" }, rhs.map { "\($0)" }, equal: { lhs[$0] == rhs[$0] })
    reportFailure(message, fileID: "\(file)", filePath: file, line: line, column: 0)
}

/// Asserts that two `Completable` event arrays are equal; on failure prints both, one row per
/// index, at the caller's file and line.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent],
    file: StaticString = #filePath, line: UInt = #line
) {
    guard lhs != rhs else { return }
    let message = differenceTable(
        title: "events differ", lhs.map { "\($0)" }, rhs.map { "\($0)" }, equal: { lhs[$0] == rhs[$0] })
    reportFailure(message, fileID: "\(file)", filePath: file, line: line, column: 0)
}

/// Asserts that `stream` holds only `.next` events and that their values are `elements`, times
/// aside. A terminal event in `stream` fails the assertion, as in RxTest.
public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>], _ elements: [T],
    file: StaticString = #filePath, line: UInt = #line
) {
    if let stop = stream.first(where: { $0.value.isStopEvent }) {
        reportFailure(
            "XCTAssertRecordedElements failed: a stop event was recorded: \(stop.debugDescription)",
            fileID: "\(file)", filePath: file, line: line, column: 0)
        return
    }
    let values = stream.compactMap { $0.value.element }
    guard values != elements else { return }
    let message = differenceTable(
        title: "recorded elements differ",
        values.map { "\($0)" }, elements.map { "\($0)" },
        equal: { values[$0] == elements[$0] })
    reportFailure(message, fileID: "\(file)", filePath: file, line: line, column: 0)
}

/// A two-column table of `lhs` and `rhs`, one row per index; differing rows start with `✗`.
///
/// ```
/// XCTAssertEqual failed: recorded events differ (first at index 1)
///     lhs              | rhs
///   0 next(1) @ 210    | next(1) @ 210
/// ✗ 1 next(2) @ 220    | next(3) @ 220
/// ✗ 2 completed @ 300  | —
/// ```
func differenceTable(
    title: String, _ lhs: [String], _ rhs: [String], equal: (Int) -> Bool
) -> String {
    let count = max(lhs.count, rhs.count)
    let missing = "—"
    let width = max(3, (lhs + [missing]).map(\.count).max() ?? 0)
    let indexWidth = String(max(count - 1, 0)).count
    var firstDifference: Int?
    var rows: [String] = []
    for index in 0..<count {
        let left = index < lhs.count ? lhs[index] : missing
        let right = index < rhs.count ? rhs[index] : missing
        let same = index < lhs.count && index < rhs.count && equal(index)
        if !same && firstDifference == nil { firstDifference = index }
        let number = String(index).leftPadded(to: indexWidth)
        rows.append("\(same ? " " : "✗") \(number) \(left.rightPadded(to: width)) | \(right)")
    }
    let header = "  \(String(repeating: " ", count: indexWidth)) \("lhs".rightPadded(to: width)) | rhs"
    let location = firstDifference.map { " (first at index \($0))" } ?? ""
    return (["XCTAssertEqual failed: \(title)\(location)", header] + rows).joined(separator: "\n")
}

extension String {
    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
