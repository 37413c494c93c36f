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
    // No dynamic exclusivity checks: the lock already serialises every access.
    @exclusivity(unchecked) private var entries: ContiguousArray<Entry> = []
    @exclusivity(unchecked) private var holes = 0
    @exclusivity(unchecked) private var disposed = false

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
        let sink = Self.sinkBase(disposable)
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        if let sink {
            // Claimed under the bag's lock (the sink's lock nests inside it; no path takes them
            // the other way round): a sink that finishes after the claim calls `remove(_:)`,
            // which waits for this lock, so it always finds its entry.
            switch sink.claim(by: self) {
            case .finished:
                lock.unlock()
                return  // nothing left to dispose
            case .claimed:
                sink.bagIndex = entries.count
                entries.append(.subscription(sink))
                lock.unlock()
                return
            case .heldElsewhere:
                break
            }
        }
        entries.append(.other(disposable))
        lock.unlock()
    }

    /// The subscription behind `disposable` when it is one of the engine's sinks. The existential
    /// is opened and its type compared as a metatype, which is much cheaper than `as? SinkBase`
    /// on the existential (a full dynamic cast).
    private static func sinkBase<D: Disposable>(_ disposable: D) -> SinkBase? {
        guard D.self is SinkBase.Type else { return nil }
        // `D` is a subclass of `SinkBase`, so its value is that one reference.
        return unsafeBitCast(disposable, to: SinkBase?.self)
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
