/// Collects subscriptions and disposes them all when the bag is released.
///
/// ```swift
/// let bag = DisposeBag()
/// relay.subscribe(onNext: { print($0) }).disposed(by: bag)
/// ```
///
/// Thread-safe: items may be inserted from any thread. Inserting into a bag that is being
/// released disposes the item at once. On release the bag first takes all items out under its
/// lock, then disposes them in insertion order with no lock held.
public final class DisposeBag: @unchecked Sendable {
    // @unchecked Sendable: `items` and `disposed` are guarded by `lock`.
    private let lock = Lock.make()
    private var items: [Disposable] = []
    private var disposed = false

    /// An empty bag.
    public init() {}

    /// A bag holding the disposables the builder lists.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// A bag holding the given disposables.
    public convenience init(disposing disposables: Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag holding `disposables`.
    public init(disposing disposables: [Disposable]) {
        items = disposables
    }

    /// Adds a disposable; it is disposed when the bag is released.
    public func insert(_ disposable: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            items.append(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds the disposables the builder lists.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Adds every element of `disposables`.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    private func disposeAll() {
        let taken: [Disposable] = lock.withLock {
            disposed = true
            defer { items = [] }
            return items
        }
        for item in taken { item.dispose() }
    }

    deinit { disposeAll() }
}

/// Builds an array of disposables from a list of expressions.
@resultBuilder
public struct DisposableBuilder {
    /// Collects the listed disposables.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
}
