import Dispatch
import Foundation

/// A span of time for schedulers and time operators (`.seconds(1)`, `.milliseconds(300)`).
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time as schedulers report it.
public typealias RxTime = Date

/// Something that runs work, possibly later or elsewhere.
public protocol ImmediateSchedulerType {
    /// Runs `action` with `state` as soon as the scheduler can; disposing the result before it
    /// runs cancels it.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler that also knows the time and can run work after a delay.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Runs `action` with `state` after `dueTime`; disposing the result before it runs cancels it.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Runs `action` after `startAfter` and then every `period`, each time with the state the
    /// previous run returned, until the result is disposed.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension ImmediateSchedulerType {
    /// Runs `action`, which may ask to run again (with new state) by calling `recurse`; every
    /// run goes through `schedule`, so no stack grows. Disposing stops the recursion.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduling(scheduler: self, action: action)
        recursion.schedule(state)
        return recursion
    }
}

extension SchedulerType {
    /// The default periodic scheduling: a chain of `scheduleRelative` calls.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let periodic = PeriodicScheduling(scheduler: self, period: period, action: action)
        periodic.start(state, after: startAfter)
        return periodic
    }
}

/// Drives `scheduleRecursive`: each step is scheduled anew while the recursion is not disposed.
final class RecursiveScheduling<Scheduler: ImmediateSchedulerType, State>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `current` and `disposed` are guarded by `lock`.
    private let lock = Lock.make()
    private let scheduler: Scheduler
    private let action: (State, (State) -> Void) -> Void
    private var current: Disposable?
    private var disposed = false

    init(scheduler: Scheduler, action: @escaping (State, (State) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = action
    }

    func schedule(_ state: State) {
        let scheduled = scheduler.schedule(state) { [self] state in
            if lock.withLock({ disposed }) { return Disposables.create() }
            action(state) { next in self.schedule(next) }
            return Disposables.create()
        }
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            current = scheduled
            return false
        }
        if disposeNow { scheduled.dispose() }
    }

    func dispose() {
        let scheduled: Disposable? = lock.withLock {
            disposed = true
            defer { current = nil }
            return current
        }
        scheduled?.dispose()
    }
}

/// Drives the default `schedulePeriodic`.
final class PeriodicScheduling<Scheduler: SchedulerType, State>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `current`, `disposed` and the state are guarded by `lock`.
    private let lock = Lock.make()
    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private let action: (State) -> State
    private var current: Disposable?
    private var disposed = false

    init(scheduler: Scheduler, period: RxTimeInterval, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.period = period
        self.action = action
    }

    func start(_ state: State, after delay: RxTimeInterval) {
        let scheduled = scheduler.scheduleRelative(state, dueTime: delay) { [self] state in
            if lock.withLock({ disposed }) { return Disposables.create() }
            let next = action(state)
            start(next, after: period)
            return Disposables.create()
        }
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            current = scheduled
            return false
        }
        if disposeNow { scheduled.dispose() }
    }

    func dispose() {
        let scheduled: Disposable? = lock.withLock {
            disposed = true
            defer { current = nil }
            return current
        }
        scheduled?.dispose()
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinity).
    public var rivuletSeconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
