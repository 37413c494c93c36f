import Foundation

/// Carries a non-`Sendable` action to the thread a scheduler runs it on.
struct ScheduledAction: @unchecked Sendable {
    // @unchecked Sendable: the action is run by the scheduler it was handed to, on that
    // scheduler's thread; that is the scheduler contract (Combine's `Scheduler` takes
    // non-Sendable actions the same way).
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Carries an `OperationQueue` or a `Timer` (thread-safe to add to and to invalidate, but not
/// marked `Sendable` on Linux) into a dispatch block.
struct UncheckedReference<Object: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: used only for `OperationQueue.addOperation` and `Timer.invalidate`,
    // which may be called from any thread.
    let object: Object

    init(_ object: Object) { self.object = object }
}
