import Dispatch
import Foundation

/// A main-queue scheduler meant for `subscribe(on:)`: `schedule` runs the action at once when
/// called on the main thread (even while other main-queue work is pending), otherwise queues it on
/// `DispatchQueue.main`. Relative and periodic work goes through `MainScheduler.instance`.
///
/// Use `MainScheduler.instance` for `observe(on:)`.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    private let mainScheduler: MainScheduler

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The time as the system clock reports it.
    public var now: Date { mainScheduler.now }

    /// Runs `action` now on the main thread, otherwise queues it on the main queue; disposing the
    /// result of a queued action before it runs cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if Thread.isMainThread { return action(state) }
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedSendableBox((state, action))
        DispatchQueue.main.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    /// Runs `action` on the main queue after `dueTime`.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter` and then every `period` until disposed.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
