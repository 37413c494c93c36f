import Dispatch
import Foundation

/// The scheduling shared by the dispatch-queue schedulers: `schedule` is an `async`, relative and
/// periodic work use a `DispatchSourceTimer` on the same queue.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedSendableBox((state, action))
        queue.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let scheduled = ScheduledTimer()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: DispatchTime.now() + dueTime, leeway: leeway)
        let work = UncheckedSendableBox((state, action))
        timer.setEventHandler {
            guard let result = scheduled.fire() else { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        scheduled.start(timer)
        return scheduled
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let scheduled = ScheduledTimer()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: DispatchTime.now() + startAfter, repeating: period, leeway: leeway)
        // A timer source never runs its handler concurrently with itself, so the state needs no lock.
        let box = PeriodicState(state: state, action: action)
        timer.setEventHandler {
            if scheduled.isDisposed { return }
            box.step()
        }
        scheduled.start(timer)
        return scheduled
    }
}

/// The disposable of a timer-based scheduled action: cancelling it cancels the timer source.
final class ScheduledTimer: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `timer`, `disposed` and `fired` are guarded by `lock`.
    private let lock = Lock.make()
    private var timer: DispatchSourceTimer?
    private var disposed = false
    private var result: SingleAssignmentDisposable?

    var isDisposed: Bool { lock.withLock { disposed } }

    func start(_ timer: DispatchSourceTimer) {
        let startNow = lock.withLock { () -> Bool in
            if disposed { return false }
            self.timer = timer
            return true
        }
        if startNow { timer.resume() }
    }

    /// Marks a one-shot timer as fired: returns the holder for the action's disposable, or `nil`
    /// if the timer was cancelled meanwhile.
    func fire() -> SingleAssignmentDisposable? {
        let (result, timer) = lock.withLock { () -> (SingleAssignmentDisposable?, DispatchSourceTimer?) in
            if disposed { return (nil, nil) }
            let result = SingleAssignmentDisposable()
            self.result = result
            defer { self.timer = nil }
            return (result, self.timer)
        }
        timer?.cancel()
        return result
    }

    func dispose() {
        let (timer, result) = lock.withLock { () -> (DispatchSourceTimer?, SingleAssignmentDisposable?) in
            if disposed { return (nil, nil) }
            disposed = true
            defer {
                self.timer = nil
                self.result = nil
            }
            return (self.timer, self.result)
        }
        timer?.cancel()
        result?.dispose()
    }
}

/// The state of a periodic dispatch timer, touched only by the timer's handler.
private final class PeriodicState<StateType>: @unchecked Sendable {
    // @unchecked Sendable: only the timer source's handler touches it, and a source runs its
    // handler serially.
    private var state: StateType
    private let action: (StateType) -> StateType

    init(state: StateType, action: @escaping (StateType) -> StateType) {
        self.state = state
        self.action = action
    }

    func step() { state = action(state) }
}
