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
    @usableFromInline let storage = BagStorage()

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
    public var count: Int { storage.liveCount }

    deinit { storage.tearDown() }
}

/// What a `DisposeBag` holds, in a separate object so that its subscriptions can point back to it
/// (to leave it when they finish) without keeping the bag itself alive.
///
/// The entries are a plain buffer of unmanaged references (one +1 each, taken over from the
/// inserted disposable), so that inserting, tearing down and calling each entry cost no extra
/// reference counting.
@usableFromInline
final class BagStorage: @unchecked Sendable {
    // @unchecked Sendable: the buffer and the counts are guarded by `lock`; `tornDown` is atomic
    // (and only set under `lock`).
    private let lock = Lock.make()
    private let tornDown = AtomicCell<Bool>(false)
    // No dynamic exclusivity checks: the lock already serialises every access. A `nil` entry is a
    // subscription that left.
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Unmanaged<SubscriptionNode>?>?
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var holes = 0

    init() {}

    deinit {
        // `tearDown()` ran first (the bag's deinit) and emptied the buffer.
        entries?.deallocate()
    }

    @usableFromInline
    func insert<D: Disposable>(_ disposable: D) {
        guard let node = SinkBase.unretainedNode(disposable) else {
            insertForeign(disposable)
            return
        }
        lock.lock()
        if tornDown.load(ordering: .relaxed) {
            lock.unlock()
            node._withUnsafeGuaranteedRef { $0.disposeNode() }
            return
        }
        // Claimed under the bag's lock (the sink's lock nests inside it; no path takes them the
        // other way round): a sink that finishes after the claim calls `remove(_:)`, which waits
        // for this lock, so it always finds its entry.
        switch node._withUnsafeGuaranteedRef({ $0.claim(by: self, slot: Int32(truncatingIfNeeded: count)) }) {
        case .finished:
            lock.unlock()  // nothing left to dispose
        case .claimed, .notASubscription:
            append(node.retain())
            lock.unlock()
        case .heldElsewhere:
            // Kept here too (and disposed when this bag goes), wrapped so that every sink entry
            // is one this bag has claimed.
            let sink = unsafeDowncast(node.takeUnretainedValue(), to: SinkBase.self)
            append(Unmanaged.passRetained(DisposableNode(sink)))
            lock.unlock()
        }
    }

    /// Holds a disposable that is not an engine node (the no-op disposable is not held at all).
    private func insertForeign<D: Disposable>(_ disposable: D) {
        guard let node = SinkBase.node(disposable) else { return }
        lock.lock()
        if tornDown.load(ordering: .relaxed) {
            lock.unlock()
            node.disposeNode()
            return
        }
        append(Unmanaged.passRetained(node))
        lock.unlock()
    }

    private func append(_ entry: Unmanaged<SubscriptionNode>) {
        if count == capacity {
            if holes > 0 { compact() }
            if count == capacity { grow() }
        }
        (entries.unsafelyUnwrapped + count).initialize(to: entry)
        count += 1
    }

    private func grow() {
        let newCapacity = Swift.max(4, capacity * 2)
        let buffer = UnsafeMutablePointer<Unmanaged<SubscriptionNode>?>.allocate(capacity: newCapacity)
        if let entries {
            buffer.moveInitialize(from: entries, count: count)
            entries.deallocate()
        }
        entries = buffer
        capacity = newCapacity
    }

    /// The number of entries held.
    var liveCount: Int { lock.withLock { count - holes } }

    /// Called by a subscription that finished or was disposed: forget it without disposing it.
    func remove(_ sink: SinkBase) {
        if tornDown.load(ordering: .acquiring) { return }  // the bag is disposing everything
        lock.lock()
        let index = Int(sink.bagSlot)
        guard index >= 0, index < count, let entry = entries.unsafelyUnwrapped[index],
            entry.toOpaque() == Unmanaged.passUnretained(sink).toOpaque()
        else {
            lock.unlock()
            return
        }
        entries.unsafelyUnwrapped[index] = nil
        sink.bagSlot = -1
        holes += 1
        if holes == count {
            count = 0
            holes = 0
        } else if holes >= 16, holes * 2 > count {
            compact()
        }
        lock.unlock()
        // The bag's reference is dropped after the lock (the sink's deinit releases user closures).
        entry.release()
    }

    /// Drops the holes, keeping the order; tells each sink its new slot.
    private func compact() {
        guard let entries else { return }
        var kept = 0
        for index in 0..<count {
            guard let entry = entries[index] else { continue }
            if kept != index {
                entries[kept] = entry
                entry._withUnsafeGuaranteedRef { $0.moveBagSlot(to: Int32(truncatingIfNeeded: kept)) }
            }
            kept += 1
        }
        count = kept
        holes = 0
    }

    /// Mutes every subscription, then disposes everything in insertion order.
    func tearDown() {
        lock.lock()
        tornDown.store(true, ordering: .releasing)
        let taken = entries
        let takenCount = count
        entries = nil
        count = 0
        capacity = 0
        holes = 0
        lock.unlock()
        guard let taken else { return }
        for index in 0..<takenCount {
            taken[index]?._withUnsafeGuaranteedRef { $0.mute() }
        }
        for index in 0..<takenCount {
            taken[index]?._withUnsafeGuaranteedRef { $0.disposeNode() }
        }
        for index in 0..<takenCount {
            taken[index]?.release()
        }
        taken.deallocate()
    }
}

/// Builds an array of disposables from a list of expressions.
@resultBuilder
public struct DisposableBuilder {
    /// Collects the listed disposables.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
}
