import Foundation
import Rivulet
import TestSupport
import XCTest

/// An observer for stress tests: fails the test on any violation of the contract's per-subscription
/// guarantees (docs/DESIGN.md): an event after a terminal event, two deliveries at once
/// (overlapping calls from different threads), or more than one delivery per thread after
/// `dispose()` returned (`markDisposed()`: a delivery already running on a thread may finish, none
/// may start after it). Records the values so tests can count what was lost or duplicated.
final class GrammarCheckingObserver<Element>: @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`.
    private let lock = NSLock()
    private var values: [Element] = []
    private var terminal: Event<Element>?
    private var delivering = false
    private var disposeReturned = false
    private var lateThreads: Set<ObjectIdentifier> = []
    private var violations = 0
    private let file: StaticString
    private let line: UInt

    init(file: StaticString = #filePath, line: UInt = #line) {
        self.file = file
        self.line = line
    }

    /// The handler to subscribe with.
    var handler: (Event<Element>) -> Void { { [self] event in self.on(event) } }

    /// Checks and records one event.
    func on(_ event: Event<Element>) {
        lock.lock()
        var problem: String?
        if delivering { problem = "overlapping delivery of \(event)" }
        if terminal != nil { problem = "\(event) after the terminal event \(terminal!)" }
        if disposeReturned, !lateThreads.insert(ObjectIdentifier(Thread.current)).inserted {
            problem = "\(event) is a second delivery on one thread after dispose() returned"
        }
        delivering = true
        switch event {
        case .next(let element): values.append(element)
        case .error, .completed: if terminal == nil { terminal = event }
        }
        if problem != nil { violations += 1 }
        lock.unlock()
        if let problem { XCTFail(problem, file: file, line: line) }
        // Widens the window in which an overlapping call would be seen.
        if values.count & 63 == 0 { sched_yield() }
        lock.withLock { delivering = false }
    }

    /// Call right after `dispose()` returned: a second delivery on any one thread after it is a
    /// violation.
    func markDisposed() { lock.withLock { disposeReturned = true } }

    /// The values received, in order.
    var elements: [Element] { lock.withLock { values } }

    /// The terminal event, if any.
    var terminalEvent: Event<Element>? { lock.withLock { terminal } }

    /// Whether the observer received `completed`.
    var isCompleted: Bool {
        if case .completed? = terminalEvent { return true }
        return false
    }

    /// The number of violations seen (each also failed the test).
    var violationCount: Int { lock.withLock { violations } }
}

extension GrammarCheckingObserver where Element: Hashable {
    /// Fails unless the values are exactly `expected` as a multiset: nothing lost, nothing duplicated.
    func assertReceivedEach(
        of expected: some Sequence<Element>, file: StaticString = #filePath, line: UInt = #line
    ) {
        var counts: [Element: Int] = [:]
        for value in elements { counts[value, default: 0] += 1 }
        var missing = 0
        for value in expected {
            if let count = counts[value], count > 0 { counts[value] = count - 1 } else { missing += 1 }
        }
        let extra = counts.values.reduce(0, +)
        XCTAssertEqual(missing, 0, "values lost", file: file, line: line)
        XCTAssertEqual(extra, 0, "values duplicated or invented", file: file, line: line)
    }
}
