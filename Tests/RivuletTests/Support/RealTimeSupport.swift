import Foundation
import Rivulet
import XCTest

/// A thread-safe boolean for real-time tests.
final class LockedFlag: @unchecked Sendable {
    // @unchecked Sendable: `flag` is guarded by `lock`.
    private let lock = NSLock()
    private var flag = false

    func set() { lock.withLock { flag = true } }

    var value: Bool { lock.withLock { flag } }
}

/// A thread-safe list for real-time tests.
final class LockedValues<Value>: @unchecked Sendable {
    // @unchecked Sendable: `values` is guarded by `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    /// Appends and returns the new count.
    @discardableResult
    func append(_ value: Value) -> Int {
        lock.withLock {
            values.append(value)
            return values.count
        }
    }

    var all: [Value] { lock.withLock { values } }
}

extension XCTestCase {
    /// For tests on dispatch schedulers: a queue thread releases its sinks a moment after it
    /// delivered the last event, so wait (up to two seconds) until `Resources.total` is back at
    /// `expected`; the leak check in `RivuletTestCase.tearDown` then asserts it.
    func waitForResources(toReturnTo expected: Int) {
        let deadline = Date().addingTimeInterval(2)
        while Resources.total != expected && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
    }
}
