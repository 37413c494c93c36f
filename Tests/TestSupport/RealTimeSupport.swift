import Foundation
import Rivulet
import RivuletTest
import XCTest

/// A thread-safe boolean for real-time tests.
package final class LockedFlag: @unchecked Sendable {
    // @unchecked Sendable: `flag` is guarded by `lock`.
    private let lock = NSLock()
    private var flag = false

    package init() {}

    package func set() { lock.withLock { flag = true } }

    package var value: Bool { lock.withLock { flag } }
}

/// A thread-safe list for real-time tests.
package final class LockedValues<Value>: @unchecked Sendable {
    // @unchecked Sendable: `values` is guarded by `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    package init() {}

    /// Appends and returns the new count.
    @discardableResult
    package func append(_ value: Value) -> Int {
        lock.withLock {
            values.append(value)
            return values.count
        }
    }

    package var all: [Value] { lock.withLock { values } }
}

/// A counter shared by threads.
package final class LockedCounter: @unchecked Sendable {
    // @unchecked Sendable: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    package init() {}

    package func increment() { lock.withLock { count += 1 } }

    package var value: Int { lock.withLock { count } }
}

/// Lets two threads wait for each other once.
package final class TwoPartyBarrier: @unchecked Sendable {
    // @unchecked Sendable: semaphores are thread-safe.
    private let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]

    package init() {}

    /// Party `index` (0 or 1) arrives and waits for the other (at most 2 s, so a test never hangs
    /// here when only one handler runs).
    package func arrive(_ index: Int) {
        arrived[index].signal()
        _ = arrived[1 - index].wait(timeout: .now() + 2)
    }
}

/// Disposables stored and read from different threads.
package final class DisposableSlots: @unchecked Sendable {
    // @unchecked Sendable: `slots` is guarded by `lock`.
    private let lock = NSLock()
    private var slots: [Disposable?]

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    package subscript(index: Int) -> Disposable? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }
}

/// A `LeakCheckingTestCase` for tests that use dispatch schedulers: a queue thread releases its sinks
/// a moment after it delivered the last event, so `tearDown` waits (up to two seconds) for
/// `Resources.total` to return to its starting value before the leak check asserts it. Not a
/// timing assertion.
open class RealTimeTestCase: LeakCheckingTestCase {
    private var resourcesAtStart: Int32 = 0

    override open func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override open func tearDown() {
        let deadline = Date().addingTimeInterval(2)
        while Resources.total != resourcesAtStart && Date() < deadline {
            // Spinning the run loop (not sleeping) lets work queued on the main queue finish.
            RunLoop.current.run(until: Date().addingTimeInterval(0.001))
        }
        super.tearDown()
    }
}
