import Rivulet

/// Where and when work runs (Combine's `Scheduler`): `receive(on:)`, `subscribe(on:)`,
/// `debounce`, `throttle`, `delay`, `timeout` and `collect(.byTime)` take one.
///
/// `DispatchQueue`, `RunLoop`, `OperationQueue` and `ImmediateScheduler` conform, each with its
/// own time and stride types as Combine declares them. A scheduler of your own implements the
/// requirements below and nothing else: the time operators turn any `Scheduler` into the engine's
/// `SchedulerType` themselves (its strides are measured through `SchedulerTimeIntervalConvertible`),
/// so time behaves the same in both dialects.
///
/// ```swift
/// publisher.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
/// ```
public protocol Scheduler<SchedulerTimeType> {
    /// How the scheduler measures time.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    /// Extra options the scheduler understands (a dispatch QoS, for example).
    associatedtype SchedulerOptions

    /// The scheduler's current time.
    var now: SchedulerTimeType { get }

    /// The smallest tolerance the scheduler honours.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Runs `action` as soon as possible.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` at `date` or later, within `tolerance`.
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    )

    /// Runs `action` at `date` and then every `interval`, until the returned `Cancellable` is
    /// cancelled (or, for Rivulet's schedulers, released: it is an `AnyCancellable`).
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable
}

extension Scheduler {
    /// Runs `action` as soon as possible, with no options.
    @inlinable
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Runs `action` at `date` or later, with the minimum tolerance and no options.
    @inlinable
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs `action` at `date` or later, within `tolerance`, with no options.
    @inlinable
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Runs `action` at `date` and then every `interval`, with the minimum tolerance and no
    /// options, until the result is cancelled.
    @inlinable
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs `action` at `date` and then every `interval`, within `tolerance`, with no options,
    /// until the result is cancelled.
    @inlinable
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
}

/// A time span a scheduler can build from the usual units (Combine's
/// `SchedulerTimeIntervalConvertible`): `.milliseconds(300)`, `.seconds(1)`, `.seconds(0.5)`.
public protocol SchedulerTimeIntervalConvertible {
    /// `s` seconds.
    static func seconds(_ s: Int) -> Self
    /// `s` seconds.
    static func seconds(_ s: Double) -> Self
    /// `ms` milliseconds.
    static func milliseconds(_ ms: Int) -> Self
    /// `us` microseconds.
    static func microseconds(_ us: Int) -> Self
    /// `ns` nanoseconds.
    static func nanoseconds(_ ns: Int) -> Self
}
