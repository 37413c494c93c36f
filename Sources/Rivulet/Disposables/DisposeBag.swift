/// Collects subscriptions and disposes them all when the bag is released.
///
/// ```swift
/// let bag = DisposeBag()
/// relay.subscribe(onNext: { print($0) }).disposed(by: bag)
/// ```
///
/// Thread-safe: items may be inserted from any thread. Inserting into a bag that is being
/// released disposes the item at once.
///
/// Two guarantees beyond RxSwift's bag:
/// - **Finished subscriptions leave the bag.** A Rivulet subscription that completes, fails or is
///   disposed elsewhere removes itself from its bag, so a long-lived bag does not grow with
///   finished work.
/// - **Mute first, then tear down.** On release the bag first mutes every `subscribe(onNext:...)` subscription it
///   holds (no `onNext`/`onError`/`onCompleted` closure runs after that point), then disposes the
///   items in insertion order. An event that arrives while the bag disposes item 1 can no longer
///   reach item 2's closures, which may capture the bag's owner as `unowned`.
public final class DisposeBag: @unchecked Sendable {
    // @unchecked Sendable: `entries`, `holes` and `disposed` are guarded by `lock`.
    private enum Entry {
        case subscription(SinkBase)
        case other(Disposable)
        case removed

        var disposable: Disposable? {
            switch self {
            case .subscription(let sink): return sink
            case .other(let disposable): return disposable
            case .removed: return nil
            }
        }
    }

    private let lock = Lock.make()
    private var entries: ContiguousArray<Entry> = []
    private var holes = 0
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
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Adds a disposable; it is disposed when the bag is released.
    public func insert(_ disposable: Disposable) {
        var tracked: SinkBase?
        if let sink = disposable as? SinkBase {
            switch sink.claim(by: self) {
            case .finished: return  // nothing left to dispose
            case .claimed: tracked = sink
            case .heldElsewhere: break
            }
        }
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        if let tracked {
            tracked.bagIndex = entries.count
            entries.append(.subscription(tracked))
        } else {
            entries.append(.other(disposable))
        }
        lock.unlock()
        // It may have finished between the claim and the append; then it could not find itself.
        if let tracked, tracked.isDisposed { remove(tracked) }
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

    /// The number of items the bag still holds (finished subscriptions are not counted).
    public var count: Int { lock.withLock { entries.count - holes } }

    /// Called by a subscription that finished or was disposed: forget it without disposing it.
    func remove(_ sink: SinkBase) {
        lock.lock()
        defer { lock.unlock() }
        let index = sink.bagIndex
        guard index >= 0, index < entries.count, case .subscription(let held) = entries[index], held === sink
        else { return }
        entries[index] = .removed
        sink.bagIndex = -1
        holes += 1
        compactIfNeeded()
    }

    private func compactIfNeeded() {
        if holes == entries.count {
            entries.removeAll()
            holes = 0
            return
        }
        guard holes >= 16, holes * 2 > entries.count else { return }
        var kept = ContiguousArray<Entry>()
        kept.reserveCapacity(entries.count - holes)
        for entry in entries {
            switch entry {
            case .removed:
                continue
            case .subscription(let sink):
                sink.bagIndex = kept.count
            case .other:
                break
            }
            kept.append(entry)
        }
        entries = kept
        holes = 0
    }

    deinit {
        let taken: ContiguousArray<Entry> = lock.withLock {
            disposed = true
            defer { entries = [] }
            return entries
        }
        for entry in taken {
            if case .subscription(let sink) = entry { sink.mute() }
        }
        for entry in taken { entry.disposable?.dispose() }
    }
}

/// Builds an array of disposables from a list of expressions.
@resultBuilder
public struct DisposableBuilder {
    /// Collects the listed disposables.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
}
