/// A disposable whose `dispose()` disposes the wrapped disposable on a scheduler.
///
/// `subscribe(on:)` uses it so a source is unsubscribed on the same scheduler it was subscribed on.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `disposable` is guarded by `lock`; `scheduler` is immutable.
    private let lock = Lock.make()
    private var disposable: Disposable?
    private var disposed = false

    /// The scheduler the wrapped disposable is disposed on.
    public let scheduler: ImmediateSchedulerType

    /// Wraps `disposable`, to be disposed on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Schedules the disposal of the wrapped disposable (once).
    public func dispose() {
        let first = lock.withLock { () -> Bool in
            defer { disposed = true }
            return !disposed
        }
        guard first else { return }
        _ = scheduler.schedule(self) { this in
            let held = this.lock.withLock { () -> Disposable? in
                defer { this.disposable = nil }
                return this.disposable
            }
            held?.dispose()
            return Disposables.create()
        }
    }
}
