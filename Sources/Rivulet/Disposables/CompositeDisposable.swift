/// A group of disposables disposed together; members can be removed (and disposed) by key.
///
/// Inserting into a disposed group disposes the new member at once and returns `nil`.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `members`, `nextKey` and `disposed` are guarded by `lock`.

    /// Identifies a member of a `CompositeDisposable`, for `remove(for:)`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private let lock = Lock.make()
    private var members: [(key: UInt64, disposable: Disposable)] = []
    private var nextKey: UInt64 = 0
    private var disposed = false

    /// An empty group.
    public init() {}

    /// A group holding the given disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        add([disposable1, disposable2])
    }

    /// A group holding the given disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        add([disposable1, disposable2, disposable3])
    }

    /// A group holding the given disposables.
    public init(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
        _ disposable4: Disposable, _ disposables: Disposable...
    ) {
        add([disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// A group holding `disposables`.
    public init(disposables: [Disposable]) {
        add(disposables)
    }

    private func add(_ disposables: [Disposable]) {
        for disposable in disposables {
            members.append((nextKey, disposable))
            nextKey += 1
        }
    }

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The number of members not yet removed or disposed.
    public var count: Int { lock.withLock { members.count } }

    /// Adds a member and returns its key, or disposes it at once and returns `nil` if the group
    /// is already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: UInt64? = lock.withLock {
            if disposed { return nil }
            defer { nextKey += 1 }
            members.append((nextKey, disposable))
            return nextKey
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the member with `key` and disposes it. Does nothing for an unknown key.
    public func remove(for key: DisposeKey) {
        let removed: Disposable? = lock.withLock {
            // Keys are increasing, so the member can be found by binary search.
            var low = 0
            var high = members.count
            while low < high {
                let middle = (low + high) / 2
                if members[middle].key < key.value { low = middle + 1 } else { high = middle }
            }
            guard low < members.count, members[low].key == key.value else { return nil }
            return members.remove(at: low).disposable
        }
        removed?.dispose()
    }

    /// Disposes every member; later insertions are disposed at once.
    public func dispose() {
        let all: [(key: UInt64, disposable: Disposable)] = lock.withLock {
            if disposed { return [] }
            disposed = true
            defer { members = [] }
            return members
        }
        for member in all { member.disposable.dispose() }
    }
}
