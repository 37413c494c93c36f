import Foundation
import Rivulet

/// Runs the engine's scheduling requests on a Combine-dialect `Scheduler`: the bridge that lets
/// `receive(on:)`, `debounce`, `throttle`, `delay`, `timeout` and `collect(.byTime)` call the Rx
/// operators.
///
/// `schedule(after:tolerance:options:)` cannot be cancelled, so each action checks whether its
/// disposable was disposed before it runs. `now` follows the base scheduler's own clock (a
/// virtual-time scheduler stays virtual), expressed as a date from the moment the adapter was
/// made.
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
        let elapsed = StrideMeasure.signedNanoseconds(origin.distance(to: base.now))
        return originDate.addingTimeInterval(Double(elapsed) / 1_000_000_000)
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
        let nanoseconds = seconds.isFinite ? SaturatingNanoseconds.from(seconds: max(0, seconds)) : Int.max / 2
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

extension Scheduler {
    /// This scheduler for the engine's time operators: an `RxSchedulerAdapter` as a
    /// `SchedulerType`. Compiled once, here (the time operators make one per subscription, and
    /// their event paths run in Rivulet anyway), not in every module that uses them.
    @usableFromInline
    func engineScheduler(options: SchedulerOptions?) -> SchedulerType {
        makeEngineScheduler(self, options: options)
    }
}

// The body of `engineScheduler(options:)` (internal, so that cross-module optimisation keeps it
// here).
func makeEngineScheduler<Base: Scheduler>(_ base: Base, options: Base.SchedulerOptions?) -> SchedulerType {
    RxSchedulerAdapter(base, options: options)
}

/// A stride of Rivulet's own schedulers, which knows its span in nanoseconds.
@usableFromInline
protocol NanosecondStride {
    /// The span in nanoseconds (saturated to `Int`).
    var spanNanoseconds: Int { get }
}

/// Measures any scheduler's stride in nanoseconds, for the engine: a stride of Rivulet's reports
/// it; any other is measured against `.nanoseconds(n)` (which `SchedulerTimeIntervalConvertible`
/// gives every stride), by doubling and then halving the search range: about 2·log₂(n) comparisons,
/// once per operator subscription (and per `now` on a user's scheduler).
@usableFromInline
enum StrideMeasure {
    /// The span for the engine: negative spans count as zero. Not inlinable: the time operators
    /// call it once per subscription, so it is compiled once, here.
    @usableFromInline
    static func rxTimeInterval<S: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(
        _ stride: S
    ) -> RxTimeInterval {
        nonNegativeSpan(stride)
    }

    // The body of `rxTimeInterval` (internal, so that cross-module optimisation keeps it here).
    static func nonNegativeSpan<S: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(
        _ stride: S
    ) -> RxTimeInterval {
        .nanoseconds(Swift.max(0, signedNanoseconds(stride)))
    }

    /// The span in nanoseconds, negative for a negative stride.
    @inlinable
    static func signedNanoseconds<S: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(_ stride: S) -> Int
    {
        if let known = S.self as? any NanosecondStride.Type, let nanoseconds = span(of: stride, as: known) {
            return nanoseconds
        }
        let zero = S.nanoseconds(0)
        if stride < zero { return -search(-stride) }
        return search(stride)
    }

    @inlinable
    static func span<S, Known: NanosecondStride>(of stride: S, as _: Known.Type) -> Int? {
        (stride as? Known)?.spanNanoseconds
    }

    /// The largest `n` with `.nanoseconds(n) <= stride` (for `stride >= 0`), up to 2⁶² (146
    /// years).
    @usableFromInline
    static func search<S: SchedulerTimeIntervalConvertible & Comparable>(_ stride: S) -> Int {
        let limit = 1 << 62
        if S.nanoseconds(1) > stride { return 0 }
        var low = 1
        while low < limit, S.nanoseconds(low * 2) <= stride { low *= 2 }
        if low >= limit { return limit }
        // .nanoseconds(low) <= stride < .nanoseconds(2 * low)
        var high = low * 2
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if S.nanoseconds(middle) <= stride { low = middle } else { high = middle }
        }
        return low
    }
}
