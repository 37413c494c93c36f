import Foundation
import Rivulet
import XCTest

/// Runs `body` on a thread of its own and waits for it at most `seconds`. When it has not
/// finished by then, the test fails as a deadlock and goes on (the stuck thread is left behind),
/// so a hang is reported by the test that caused it, never by CI timing out. It is a deadlock
/// detector, not a timing assertion: every scenario it guards finishes in milliseconds.
@discardableResult
package func assertFinishes(
    within seconds: Double = 20, _ what: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: @escaping () -> Void
) -> Bool {
    let box = UncheckedSendable(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value()
        done.signal()
    }
    thread.stackSize = 1 << 22
    thread.start()
    if done.wait(timeout: .now() + seconds) == .timedOut {
        XCTFail("hang: \(what) did not finish within \(Int(seconds)) s (deadlock)", file: file, line: line)
        return false
    }
    return true
}

/// A thread that calls `send` in a loop until `stop()` is called (and then returns once the
/// thread has left its loop, or after `seconds` if a send never returns, which fails the test).
package final class LoopingSender: @unchecked Sendable {
    // @unchecked Sendable: `stopFlag` and `count` are guarded by `lock`; `send` is called only by
    // the sender's thread.
    private let lock = NSLock()
    private var stopFlag = false
    private var count = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread; `send` gets the round number (0, 1, 2, ...).
    package init(_ send: @escaping (Int) -> Void) {
        let box = UncheckedSendable(send)
        Thread { [self] in
            var round = 0
            while !lock.withLock({ stopFlag }) {
                box.value(round)
                round += 1
                lock.withLock { count = round }
            }
            finished.signal()
        }.start()
    }

    /// How many sends have returned so far.
    package var sent: Int { lock.withLock { count } }

    /// Asks the thread to stop and waits for it; `false` (and a test failure) if it is still
    /// inside a send after `seconds`.
    @discardableResult
    package func stop(within seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        lock.withLock { stopFlag = true }
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            XCTFail("a sender did not stop within \(Int(seconds)) s of being asked", file: file, line: line)
            return false
        }
        return true
    }

    /// Waits (polling, at most `seconds`) until at least `count` sends have returned.
    package func waitUntilSent(_ count: Int, within seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while sent < count {
            if Date() > deadline { return false }
            usleep(50)
        }
        return true
    }
}

/// Counts deliveries that start after a `dispose()` (or a bag release) returned, per delivering
/// thread: the contract allows one per thread that was delivering at that moment, and none after
/// it (docs/DESIGN.md, contract 3).
package final class LateDeliveries: @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`.
    private let lock = NSLock()
    private var ended = false
    private var lateByThread: [ObjectIdentifier: Int] = [:]
    private var count = 0

    package init() {}

    /// Call at the start of every delivery; returns how many deliveries started so far.
    @discardableResult
    package func delivery() -> Int {
        lock.withLock {
            count += 1
            if ended { lateByThread[currentThread, default: 0] += 1 }
            return count
        }
    }

    private var currentThread: ObjectIdentifier { ObjectIdentifier(Thread.current) }

    /// Call right after `dispose()` returned.
    package func disposeReturned() { lock.withLock { ended = true } }

    /// All deliveries so far.
    package var delivered: Int { lock.withLock { count } }

    /// Late deliveries in all.
    package var late: Int { lock.withLock { lateByThread.values.reduce(0, +) } }

    /// The most late deliveries on one thread.
    package var mostLateOnOneThread: Int { lock.withLock { lateByThread.values.max() ?? 0 } }
}
