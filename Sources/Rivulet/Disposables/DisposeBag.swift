import Synchronization

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
    // @unchecked Sendable: all state lives in `storage`, which is thread-safe.
    let storage = BagStorage()

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
        storage.insert(disposable)
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
        for disposable in disposables { storage.insert(disposable) }
    }

    /// The number of items the bag still holds (finished subscriptions are not counted).
    public var count: Int { storage.count }

    deinit { storage.tearDown() }
}

/// What a `DisposeBag` holds, in a separate object so that its subscriptions can point back to it
/// (to leave it when they finish) without keeping the bag itself alive.
final class BagStorage: @unchecked Sendable {
    // @unchecked Sendable: `entries` and `holes` are guarded by `lock`; `tornDown` is atomic (and
    // only set under `lock`).
    private let lock = Lock.make()
    private let tornDown = Atomic<Bool>(false)
    // No dynamic exclusivity checks: the lock already serialises every access. A `nil` entry is a
    // subscription that left.
    @exclusivity(unchecked) private var entries: ContiguousArray<SubscriptionNode?> = []
    @exclusivity(unchecked) private var holes = 0

    init() {}

    func insert(_ disposable: Disposable) {
        let node = SinkBase.node(disposable)
        lock.lock()
        if tornDown.load(ordering: .relaxed) {
            lock.unlock()
            disposable.dispose()
            return
        }
        guard let node else {
            lock.unlock()
            return  // the no-op disposable: nothing to hold
        }
        guard let sink = node.asSink else {
            entries.append(node)
            lock.unlock()
            return
        }
        // Claimed under the bag's lock (the sink's lock nests inside it; no path takes them the
        // other way round): a sink that finishes after the claim calls `remove(_:)`, which waits
        // for this lock, so it always finds its entry.
        switch sink.claim(by: self, slot: Int32(truncatingIfNeeded: entries.count)) {
        case .finished:
            lock.unlock()  // nothing left to dispose
        case .claimed:
            entries.append(sink)
            lock.unlock()
        case .heldElsewhere:
            // Kept here too (and disposed when this bag goes), wrapped so that every sink entry
            // is one this bag has claimed.
            entries.append(DisposableNode(sink))
            lock.unlock()
        }
    }

    var count: Int { lock.withLock { entries.count - holes } }

    /// Called by a subscription that finished or was disposed: forget it without disposing it.
    func remove(_ sink: SinkBase) {
        if tornDown.load(ordering: .acquiring) { return }  // the bag is disposing everything
        lock.lock()
        let index = Int(sink.bagSlot)
        guard index >= 0, index < entries.count, entries[index] === sink else {
            lock.unlock()
            return
        }
        // The bag's reference is dropped after the lock (the sink's deinit releases user closures).
        let held = entries[index].take()
        sink.bagSlot = -1
        holes += 1
        compactIfNeeded()
        lock.unlock()
        withExtendedLifetime(held) {}
    }

    private func compactIfNeeded() {
        if holes == entries.count {
            entries.removeAll()
            holes = 0
            return
        }
        guard holes >= 16, holes * 2 > entries.count else { return }
        var kept = ContiguousArray<SubscriptionNode?>()
        kept.reserveCapacity(entries.count - holes)
        for case let node? in entries {
            // Every sink entry is claimed by this bag, so its `bagSlot` is guarded by this lock.
            if let sink = node.asSink { sink.bagSlot = Int32(truncatingIfNeeded: kept.count) }
            kept.append(node)
        }
        entries = kept
        holes = 0
    }

    /// Mutes every subscription, then disposes everything in insertion order.
    func tearDown() {
        lock.lock()
        tornDown.store(true, ordering: .releasing)
        var taken = ContiguousArray<SubscriptionNode?>()
        swap(&taken, &entries)
        holes = 0
        lock.unlock()
        for case let node? in taken { node.mute() }
        for case let node? in taken { node.disposeNode() }
    }
}

/// Builds an array of disposables from a list of expressions.
@resultBuilder
public struct DisposableBuilder {
    /// Collects the listed disposables.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
}
