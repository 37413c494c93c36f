import Foundation
import Rivulet
import RivuletCombine
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

/// A `RivuletTestCase` for tests that use dispatch schedulers: a queue thread releases its sinks
/// a moment after it delivered the last event, so `tearDown` waits (up to two seconds) for
/// `Resources.total` to return to its starting value before the leak check asserts it. Not a
/// timing assertion.
class RealTimeTestCase: RivuletTestCase {
    private var resourcesAtStart = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        let deadline = Date().addingTimeInterval(2)
        while Resources.total != resourcesAtStart && Date() < deadline {
            // Spinning the run loop (not sleeping) lets work queued on the main queue finish.
            RunLoop.current.run(until: Date().addingTimeInterval(0.001))
        }
        super.tearDown()
    }
}
