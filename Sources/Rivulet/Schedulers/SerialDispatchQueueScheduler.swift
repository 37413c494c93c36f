import Dispatch
import Foundation

/// A scheduler that runs work one item at a time on a serial dispatch queue.
///
/// Whatever queue it is given, the work runs on a serial queue (an internal one targeting the
/// given queue when that may be concurrent), so actions never overlap and run in the order they
/// were scheduled (relative actions in the order they fall due). `observe(on:)` with this
/// scheduler delivers every event on that queue.
///
/// ```swift
/// let background = SerialDispatchQueueScheduler(qos: .userInitiated)
/// source.observe(on: background)
/// ```
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable and Sendable (non-final for
    // `MainScheduler`).

    /// The time as the system clock reports it.
    public var now: Date { Date() }

    let configuration: DispatchQueueConfiguration

    /// Wraps a queue the caller guarantees to be serial.
    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`;
    /// `serialQueueConfiguration` may adjust the queue before first use.
    public convenience init(
        internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName` that targets `queue`
    /// (which may be concurrent).
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue that targets the global queue of quality of service `qos`.
    public convenience init(
        qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
            leeway: leeway)
    }

    /// Runs `action` asynchronously on the queue; disposing the result first cancels it.
    public final func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(
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

    /// Runs `action` on the queue after `startAfter` and then every `period` until disposed.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
