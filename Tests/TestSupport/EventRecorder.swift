import Foundation
import Rivulet
import XCTest

/// Records the events of one subscription, from any thread, and fails the test on any violation
/// of the grammar `next* (error | completed)?` or on overlapping (non-serial) delivery.
package final class EventRecorder<Element>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`.
    private let lock = NSLock()
    private var recorded: [Event<Element>] = []
    private var delivering = false
    private let file: StaticString
    private let line: UInt

    package init(file: StaticString = #filePath, line: UInt = #line) {
        self.file = file
        self.line = line
    }

    /// Records one event; fails on an event after a terminal one or on a concurrent call.
    package func on(_ event: Event<Element>) {
        lock.lock()
        if delivering {
            XCTFail("overlapping delivery: \(event)", file: file, line: line)
        }
        if let last = recorded.last, last.isStopEvent {
            XCTFail("event after a terminal event: \(event)", file: file, line: line)
        }
        recorded.append(event)
        delivering = true
        lock.unlock()
        // A concurrent call arriving now would see `delivering` and fail.
        lock.withLock { delivering = false }
    }

    /// The events received so far.
    package var events: [Event<Element>] { lock.withLock { recorded } }

    /// The values received so far.
    package var elements: [Element] { events.compactMap(\.element) }

    /// Whether a terminal event was received.
    package var isStopped: Bool { events.last?.isStopEvent ?? false }

    /// The handler form, for `subscribe(_:)` with a closure.
    package var handler: (Event<Element>) -> Void { { [self] event in self.on(event) } }
}

/// A plain error for tests.
package enum TestError: Error, Equatable {
    case boom
    case other(Int)
}

/// A disposable that counts its `dispose()` calls.
package final class CountingDisposable: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `calls` is guarded by `lock`.
    private let lock = NSLock()
    private var calls = 0

    package init() {}

    package func dispose() { lock.withLock { calls += 1 } }

    /// How many times `dispose()` was called.
    package var disposeCount: Int { lock.withLock { calls } }

    /// Whether `dispose()` was called at least once.
    package var isDisposed: Bool { disposeCount > 0 }
}

/// Runs `body(index)` on `count` new threads, released together, and returns when all have
/// finished. `body` is not required to be `@Sendable` so tests can share the (thread-safe)
/// Rivulet objects under test; whatever else it touches must be guarded by the test.
package func runConcurrently(_ count: Int, _ body: @escaping (Int) -> Void) {
    // The threads hold only this box; emptying it after they finish releases what `body`
    // captured deterministically (a Thread keeps its block until the thread has exited).
    let box = BodyBox(body)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            start.wait()
            box.run(index)
            done.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
    box.clear()
}

private final class BodyBox: @unchecked Sendable {
    // @unchecked Sendable: `body` is set in init, read by the threads, cleared after they finish.
    private var body: ((Int) -> Void)?
    init(_ body: @escaping (Int) -> Void) { self.body = body }
    func run(_ index: Int) { body?(index) }
    func clear() { body = nil }
}

/// Carries a value across threads in tests; the test guards it.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    // @unchecked Sendable: immutable; the test that uses it orders the threads that read it.
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
