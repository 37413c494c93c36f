import Rivulet

/// A Combine-dialect scheduler: where and when `receive(on:)`, `subscribe(on:)`, `debounce`,
/// `throttle` and `delay` run their work (Combine's `Scheduler`, in a smaller form).
///
/// `DispatchQueue`, `RunLoop`, `OperationQueue` and `ImmediateScheduler` conform. The Combine
/// operators turn a `Scheduler` into the engine's `SchedulerType` (see `RxSchedulerAdapter`) and
/// call the Rx operator, so time behaves the same in both dialects.
///
/// Conforming your own type: provide the time type (whose `Stride` also reports
/// `rxTimeInterval`), `now`, `minimumTolerance` and the two `schedule` methods.
public protocol Scheduler<SchedulerTimeType> {
    /// How the scheduler measures time.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    /// Extra options the scheduler understands (for example a dispatch QoS).
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
}

/// A time span a scheduler can build from the usual units (`.milliseconds(300)`, `.seconds(1)`)
/// and report to the engine.
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

    /// The span as the engine's `RxTimeInterval` (negative spans count as zero).
    var rxTimeInterval: RxTimeInterval { get }
}

/// Runs the engine's scheduling requests on a Combine-dialect `Scheduler`: the bridge that lets
/// `receive(on:)`, `debounce`, `throttle` and `delay` call the Rx operators.
///
/// Combine's `schedule` cannot be cancelled, so each action checks whether its disposable was
/// disposed before it runs. `now` follows the base scheduler's own clock (a virtual-time
/// scheduler stays virtual), expressed as a date from the moment the adapter was made.
@usableFromInline
struct RxSchedulerAdapter<Base: Scheduler>: SchedulerType {
    @usableFromInline let base: Base
    @usableFromInline let options: Base.SchedulerOptions?
    @usableFromInline let origin: Base.SchedulerTimeType
    @usableFromInline let originDate: RxTime

    @usableFromInline
    init(_ base: Base, options: Base.SchedulerOptions?) {
        self.base = base
        self.options = options
        origin = base.now
        originDate = RxTime()
    }

    @usableFromInline
    var now: RxTime {
        originDate.addingTimeInterval(origin.distance(to: base.now).rxTimeInterval.rivuletSeconds)
    }

    @usableFromInline
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let scheduled = SingleAssignmentDisposable()
        base.schedule(options: options) {
            if scheduled.isDisposed { return }
            scheduled.setDisposable(action(state))
        }
        return scheduled
    }

    @usableFromInline
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let seconds = dueTime.rivuletSeconds
        let nanoseconds = seconds.isFinite ? Int(max(0, seconds) * 1_000_000_000) : Int.max / 2
        let scheduled = SingleAssignmentDisposable()
        base.schedule(
            after: base.now.advanced(by: .nanoseconds(nanoseconds)), tolerance: base.minimumTolerance, options: options
        ) {
            if scheduled.isDisposed { return }
            scheduled.setDisposable(action(state))
        }
        return scheduled
    }
}
