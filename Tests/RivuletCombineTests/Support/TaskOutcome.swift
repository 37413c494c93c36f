import Foundation
import TestSupport
import XCTest

/// The result of a task, once it ends, read from another task (a watchdog for awaited results).
final class TaskOutcome<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `result` is guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<Value, Error>?

    /// Records `task`'s result when it ends.
    init(_ task: Task<Value, Error>) {
        Task { [self] in
            let result = await task.result
            lock.withLock { self.result = result }
        }
    }

    /// The task's result, or `nil` if it has not ended within `seconds` (the caller fails the test).
    func wait(seconds: Double = 5) async -> Result<Value, Error>? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let result = lock.withLock({ result }) { return result }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return nil
    }
}
