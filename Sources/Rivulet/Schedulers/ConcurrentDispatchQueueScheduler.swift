import Dispatch
import Foundation

/// A scheduler that runs work on a dispatch queue that may be concurrent: scheduled actions can
/// run at the same time on different threads.
///
/// Use it for `subscribe(on:)` and for independent background work; `observe(on:)` still
/// delivers one event at a time with it.
public class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable and Sendable.

    /// The time as the system clock reports it.
    public var now: Date { Date() }

    let configuration: DispatchQueueConfiguration

    /// A scheduler on `queue`.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// A scheduler on a new concurrent queue with quality of service `qos`.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(
            queue: DispatchQueue(label: "rivulet.queue.\(qos.qosClass)", qos: qos, attributes: [.concurrent]),
            leeway: leeway)
    }

    /// Runs `action` asynchronously on the queue; disposing the result first cancels it.
    public final func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` on the queue after `dueTime`; disposing the result first cancels it.
    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter` and then every `period` until disposed; the
    /// runs never overlap.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
