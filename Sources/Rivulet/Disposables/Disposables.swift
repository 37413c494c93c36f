/// Factories for the common disposables.
public struct Disposables: Sendable {
    private init() {}

    /// A disposable that does nothing.
    @inlinable
    public static func create() -> Disposable { NopDisposable.instance }

    /// A disposable that runs `dispose` exactly once, on the first `dispose()` call.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both arguments.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }

    /// A disposable that disposes all three arguments.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable
    ) -> Cancelable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// A disposable that disposes all four arguments.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
        _ disposable4: Disposable
    ) -> Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3, disposable4])
    }

    /// A disposable that disposes all the arguments.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
        _ disposable4: Disposable, _ disposables: Disposable...
    ) -> Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// A disposable that disposes every element of `disposables`.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2: return BinaryDisposable(disposables[0], disposables[1])
        default: return CompositeDisposable(disposables: disposables)
        }
    }
}

/// The disposable that does nothing.
@usableFromInline
struct NopDisposable: Disposable, Sendable {
    @usableFromInline static let instance = NopDisposable()

    @inlinable init() {}

    @inlinable func dispose() {}
}

/// Runs a closure once, on the first `dispose()`.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `action` is guarded by `lock`.
    private let lock = Lock.make()
    private var action: (() -> Void)?
    private var disposed = false

    init(_ action: @escaping () -> Void) { self.action = action }

    var isDisposed: Bool { lock.withLock { disposed } }

    func dispose() {
        let action: (() -> Void)? = lock.withLock {
            disposed = true
            defer { self.action = nil }
            return self.action
        }
        action?()
    }
}

/// Disposes two disposables once.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: the pair is guarded by `lock`.
    private let lock = Lock.make()
    private var pair: (Disposable, Disposable)?

    init(_ first: Disposable, _ second: Disposable) { pair = (first, second) }

    var isDisposed: Bool { lock.withLock { pair == nil } }

    func dispose() {
        let pair = lock.withLock {
            defer { self.pair = nil }
            return self.pair
        }
        pair?.0.dispose()
        pair?.1.dispose()
    }
}

/// A disposable with a flag that records whether it was disposed.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `disposed` is guarded by `lock`.
    private let lock = Lock.make()
    private var disposed: Bool

    /// A disposable that starts not disposed, or already disposed when `isDisposed` is `true`.
    public init(isDisposed: Bool = false) { disposed = isDisposed }

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Sets the flag.
    public func dispose() { lock.withLock { disposed = true } }
}
