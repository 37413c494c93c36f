import Dispatch
import Foundation

/// The scheduler of the main dispatch queue (the main thread), for UI work. On Linux too it uses
/// `DispatchQueue.main`, which runs while the main thread runs `dispatchMain()` or a run loop.
///
/// `MainScheduler.instance` runs an action at once when `schedule` is called on the main thread
/// and nothing it scheduled is still waiting; otherwise, and always for
/// `MainScheduler.asyncInstance`, the action is queued on the main queue.
///
/// ```swift
/// results.observe(on: MainScheduler.instance).subscribe(onNext: { label.text = $0 })
/// ```
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    // @unchecked Sendable: `enqueued` is guarded by `lock`; the rest is immutable.
    private let lock = Lock.make()
    private var enqueued = 0

    /// A scheduler on the main queue; use `MainScheduler.instance`.
    public init() {
        super.init(serialQueue: DispatchQueue.main)
    }

    /// The shared main-queue scheduler.
    public static let instance = MainScheduler()

    /// A main-queue scheduler that always queues work, even when called on the main thread.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    /// Checks, in debug builds, that the caller runs on the main thread (an assertion failure
    /// otherwise). Release builds do nothing.
    public class func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        assert(
            Thread.isMainThread,
            errorMessage
                ?? "Executing on a background thread. Use `MainScheduler.instance.schedule` to schedule work on the main thread."
        )
    }

    /// Checks, in debug builds, that the caller runs on the main thread (an assertion failure
    /// otherwise). Release builds do nothing.
    public class func ensureRunningOnMainThread(errorMessage: String? = nil) {
        assert(Thread.isMainThread, errorMessage ?? "Running on a background thread. This must run on the main thread.")
    }

    override func scheduleInternal<StateType>(
        _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let previous = lock.withLock { () -> Int in
            defer { enqueued += 1 }
            return enqueued
        }
        if previous == 0 && Thread.isMainThread {
            let disposable = action(state)
            lock.withLock { enqueued -= 1 }
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedSendableBox((state, action))
        DispatchQueue.main.async {
            if !cancel.isDisposed {
                cancel.setDisposable(work.value.1(work.value.0))
            }
            self.lock.withLock { self.enqueued -= 1 }
        }
        return cancel
    }
}
