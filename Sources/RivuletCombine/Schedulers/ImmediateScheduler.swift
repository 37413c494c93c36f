import Rivulet

/// A scheduler that runs every action at once, on the calling thread (Combine's
/// `ImmediateScheduler`). `receive(on: ImmediateScheduler.shared)` delivers synchronously.
///
/// Actions scheduled "after" a time also run at once: the scheduler has no clock, only a
/// counter that `now` reports.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The immediate scheduler's time: a step counter.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// The span between two times.
        public typealias Stride = SchedulerTimeInterval

        @usableFromInline var step: Int

        @inlinable
        init(step: Int) { self.step = step }

        /// The span from `self` to `other`.
        @inlinable
        public func distance(to other: Self) -> Stride { .nanoseconds(other.step &- step) }

        /// The time `n` later.
        @inlinable
        public func advanced(by n: Stride) -> Self { Self(step: step &+ n.magnitude) }
    }

    /// Immediate scheduling takes no options.
    public typealias SchedulerOptions = Never

    /// The one immediate scheduler.
    public static let shared = ImmediateScheduler()

    private init() {}

    /// Always the same time: nothing ever waits on this scheduler.
    public var now: SchedulerTimeType { SchedulerTimeType(step: 0) }

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Runs `action` now.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

    /// Runs `action` now, whatever `date` says.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }
}
