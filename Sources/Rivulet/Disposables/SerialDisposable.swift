/// A holder whose disposable can be replaced; replacing disposes the previous one.
///
/// After `dispose()`, any disposable assigned is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `current` and `disposed` are guarded by `lock`.
    private let lock = Lock.make()
    private var current: Disposable?
    private var disposed = false

    /// An empty holder.
    public init() {}

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current disposable. Setting it disposes the previous one (or the new one, once disposed).
    public var disposable: Disposable {
        get { lock.withLock { current ?? Disposables.create() } }
        set {
            let toDispose: Disposable? = lock.withLock {
                if disposed { return newValue }
                defer { current = newValue }
                return current
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let held: Disposable? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        held?.dispose()
    }
}
