import Rivulet
import Dispatch
import Foundation

/// A point in time on a `DispatchTime` clock: the time type of `DispatchQueue` as a Rivulet
/// `Scheduler` on Linux.
public struct DispatchSchedulerTime: Strideable, Hashable, Sendable {
    /// The span between two times.
    public typealias Stride = SchedulerTimeInterval

    /// The dispatch time.
    public var dispatchTime: DispatchTime

    /// Wraps `time`.
    public init(_ time: DispatchTime) { dispatchTime = time }

    /// The span from `self` to `other`.
    public func distance(to other: Self) -> Stride {
        let start = Int64(truncatingIfNeeded: dispatchTime.uptimeNanoseconds)
        let end = Int64(truncatingIfNeeded: other.dispatchTime.uptimeNanoseconds)
        return .nanoseconds(Int(end &- start))
    }

    /// The time `n` later (earlier when negative).
    public func advanced(by n: Stride) -> Self {
        if n.magnitude >= 0 {
            return Self(dispatchTime + .nanoseconds(n.magnitude))
        }
        let back = UInt64(-(n.magnitude + 1)) + 1
        let now = dispatchTime.uptimeNanoseconds
        return Self(DispatchTime(uptimeNanoseconds: now > back ? now - back : 1))
    }

    /// Equal dispatch times.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.dispatchTime == rhs.dispatchTime }

    /// Hashes the uptime.
    public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }
}

/// A point in wall-clock time: the time type of `RunLoop` and `OperationQueue` as Rivulet
/// `Scheduler`s on Linux.
public struct DateSchedulerTime: Strideable, Hashable, Sendable {
    /// The span between two times.
    public typealias Stride = SchedulerTimeInterval

    /// The date.
    public var date: Date

    /// Wraps `date`.
    public init(_ date: Date) { self.date = date }

    /// The span from `self` to `other`.
    public func distance(to other: Self) -> Stride { .seconds(other.date.timeIntervalSince(date)) }

    /// The time `n` later (earlier when negative).
    public func advanced(by n: Stride) -> Self { Self(date.addingTimeInterval(n.timeInterval)) }
}

/// Carries a non-`Sendable` action to the thread a scheduler runs it on.
struct ScheduledAction: @unchecked Sendable {
    // @unchecked Sendable: the action is run once, by the scheduler it was handed to; that is the
    // scheduler contract (Combine's `Scheduler` takes non-Sendable actions the same way).
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }
}

#if !canImport(Combine)
    extension DispatchQueue: Scheduler {
        /// The time type of a dispatch queue.
        public typealias SchedulerTimeType = DispatchSchedulerTime

        /// Options for work submitted to a dispatch queue.
        public struct SchedulerOptions {
            /// The quality of service of the work.
            public var qos: DispatchQoS
            /// The work item flags.
            public var flags: DispatchWorkItemFlags

            /// Options with `qos` and `flags`.
            public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = []) {
                self.qos = qos
                self.flags = flags
            }
        }

        /// The current dispatch time.
        public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

        /// Runs `action` asynchronously on the queue.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(action)
            async(qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { work.run() }
        }

        /// Runs `action` on the queue at `date` or later.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(action)
            asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
                work.run()
            }
        }
    }

    extension RunLoop: Scheduler {
        /// The time type of a run loop.
        public typealias SchedulerTimeType = DateSchedulerTime

        /// A run loop takes no scheduling options.
        public struct SchedulerOptions: Sendable {}

        /// The current date.
        public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

        /// Runs `action` on this run loop's thread when the run loop next turns (in the default mode).
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(action)
            perform { work.run() }
        }

        /// Runs `action` on this run loop's thread at `date` or later, when the run loop turns.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(action)
            let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.run() }
            add(timer, forMode: .default)
        }
    }

    extension OperationQueue: Scheduler {
        /// The time type of an operation queue.
        public typealias SchedulerTimeType = DateSchedulerTime

        /// An operation queue takes no scheduling options.
        public struct SchedulerOptions: Sendable {}

        /// The current date.
        public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

        /// Adds `action` to the queue as an operation.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(action)
            addOperation { work.run() }
        }

        /// Adds `action` to the queue as an operation at `date` or later.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(action)
            let queue = UncheckedQueue(queue: self)
            let delay = max(0, date.date.timeIntervalSinceNow)
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                queue.queue.addOperation { work.run() }
            }
        }
    }

    /// Carries an `OperationQueue` (thread-safe, but not marked `Sendable` on Linux) into a
    /// dispatch block.
    private struct UncheckedQueue: @unchecked Sendable {
        // @unchecked Sendable: OperationQueue's `addOperation` is thread-safe.
        let queue: OperationQueue
    }
#endif
