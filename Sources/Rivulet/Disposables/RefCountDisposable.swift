/// A disposable that disposes the one it wraps only once it was disposed itself *and* every
/// dependent handle `retain()` gave out was disposed (RxSwift's `RefCountDisposable`).
///
/// ```swift
/// let refCount = RefCountDisposable(disposable: connection)
/// let group = refCount.retain()   // a group keeps the connection
/// refCount.dispose()              // the owner is done; the connection stays
/// group.dispose()                 // the last dependent: the connection is disposed
/// ```
///
/// Threading: every method may be called from any thread; the wrapped disposable is disposed
/// once, on the thread of the last of those calls, with no lock held.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `disposable`, `count` and `primaryDisposed` are guarded by `lock`.
    private let lock = Lock.make()
    private var disposable: Disposable?
    private var count = 0
    private var primaryDisposed = false

    /// Wraps `disposable`.
    public init(disposable: Disposable) {
        self.disposable = disposable
    }

    /// `true` once the wrapped disposable was disposed.
    public var isDisposed: Bool { lock.withLock { disposable == nil } }

    /// A dependent handle: the wrapped disposable is not disposed while it is alive (not yet
    /// disposed). Once the wrapped disposable was disposed, an empty disposable.
    public func retain() -> Disposable {
        lock.withLock { () -> Disposable in
            guard disposable != nil else { return Disposables.create() }
            count += 1
            return RefCountInnerDisposable(self)
        }
    }

    /// Disposes the primary handle: the wrapped disposable is disposed now if no dependent is
    /// alive, otherwise when the last one is disposed. Calls after the first do nothing.
    public func dispose() {
        let toDispose = lock.withLock { () -> Disposable? in
            guard disposable != nil, !primaryDisposed else { return nil }
            primaryDisposed = true
            return count == 0 ? disposable.take() : nil
        }
        toDispose?.dispose()
    }

    /// One dependent was disposed.
    fileprivate func release() {
        let toDispose = lock.withLock { () -> Disposable? in
            guard disposable != nil else { return nil }
            count -= 1
            return primaryDisposed && count == 0 ? disposable.take() : nil
        }
        toDispose?.dispose()
    }
}

/// A dependent handle of a `RefCountDisposable`; releases it once.
private final class RefCountInnerDisposable: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `parent` is taken under `lock`, so `release()` runs once.
    private let lock = Lock.make()
    private var parent: RefCountDisposable?

    init(_ parent: RefCountDisposable) { self.parent = parent }

    func dispose() {
        lock.withLock { parent.take() }?.release()
    }
}
