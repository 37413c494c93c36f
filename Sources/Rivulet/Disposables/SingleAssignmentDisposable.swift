/// A holder for a disposable that is set once, possibly after `dispose()` was already called.
///
/// If `dispose()` comes first, the disposable is disposed the moment it is set. Setting a second
/// time is a programming error: the second disposable is disposed at once and otherwise ignored,
/// and `Hooks.misuseHandler` receives a misuse naming `SingleAssignmentDisposable.setDisposable`
/// (RxSwift stops the program here; Rivulet reports and carries on).
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `state` and `wasAssigned` are guarded by `lock`.

    /// Describes a second `setDisposable(_:)` call (the message of the misuse reported to
    /// `Hooks.misuseHandler`).
    public struct AssignedTwice: Swift.Error, CustomStringConvertible {
        /// Explains the mistake.
        public var description: String { "SingleAssignmentDisposable was assigned twice" }
    }

    private enum State {
        case empty
        case set(Disposable)
        case disposed
    }

    private let lock = Lock.make()
    private var state = State.empty
    private var wasAssigned = false

    /// An empty holder.
    public init() {}

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool {
        lock.withLock {
            if case .disposed = state { return true }
            return false
        }
    }

    /// Sets the disposable; disposes it at once if this holder was already disposed.
    public func setDisposable(_ disposable: Disposable) {
        let (disposeNow, duplicate) = lock.withLock { () -> (Bool, Bool) in
            if wasAssigned { return (true, true) }
            wasAssigned = true
            if case .disposed = state { return (true, false) }
            state = .set(disposable)
            return (false, false)
        }
        if disposeNow { disposable.dispose() }
        if duplicate {
            Hooks.reportMisuse(
                "SingleAssignmentDisposable.setDisposable(_:)",
                "\(AssignedTwice()); the second disposable (\(type(of: disposable))) was disposed at once")
        }
    }

    /// Disposes the held disposable, now or when it is set.
    public func dispose() {
        let held: Disposable? = lock.withLock {
            defer { state = .disposed }
            if case .set(let disposable) = state { return disposable }
            return nil
        }
        held?.dispose()
    }
}
