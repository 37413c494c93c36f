import Rivulet

/// A type-erased cancellable that cancels when it is released.
///
/// Keep it (or `store(in:)` a set or an array) as long as the subscription should live:
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// subject.sink { print($0) }.store(in: &cancellables)
/// ```
/// Equality and hashing are by identity. Thread-safe: `cancel()` may be called from any thread.
public final class AnyCancellable: Cancellable, Hashable, Disposable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: the wrapped disposable is disposed at most once by its own lock; the
    // closure form goes through `Disposables.create(with:)`, which runs its closure once under a lock.
    @usableFromInline let disposable: Disposable

    /// Wraps an engine subscription: cancelling disposes it.
    @inlinable
    init(disposable: Disposable) {
        self.disposable = disposable
    }

    /// Runs `cancel` once, on the first `cancel()` or when this value is released.
    public init(_ cancel: @escaping () -> Void) {
        disposable = Disposables.create(with: cancel)
    }

    /// Wraps another cancellable.
    public init<OtherCancellable: Cancellable>(_ canceller: OtherCancellable) {
        if let other = canceller as? AnyCancellable {
            disposable = other
        } else {
            disposable = Disposables.create(with: canceller.cancel)
        }
    }

    deinit { disposable.dispose() }

    /// Cancels the wrapped activity; later calls do nothing.
    public func cancel() { disposable.dispose() }

    /// The same as `cancel()`, so an `AnyCancellable` can go into a `DisposeBag`.
    public func dispose() { disposable.dispose() }

    /// `AnyCancellable`.
    public var description: String { "AnyCancellable" }

    /// Identity.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Inserts this cancellable into `set`, which keeps the subscription alive.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Appends this cancellable to `collection` (for example an array).
    public func store<Cancellables: RangeReplaceableCollection>(in collection: inout Cancellables)
    where Cancellables.Element == AnyCancellable {
        collection.append(self)
    }
}
