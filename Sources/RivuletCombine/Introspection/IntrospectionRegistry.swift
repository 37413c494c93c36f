import Rivulet

/// The enabled `_Introspection` observers, in the order they were enabled.
///
/// `subscribe(_:)` reads `count` (one atomic load) and takes the observed path only when it is
/// not zero, so subscribing costs one load while no observer is enabled.
@usableFromInline
enum IntrospectionRegistry {
    /// How many observers are enabled.
    @usableFromInline static let count = AtomicCell<Int>(0)
    /// Guards `observers`.
    // nonisolated(unsafe): a lock is made to be shared across threads.
    nonisolated(unsafe) static let lock = Lock()
    /// The enabled observers (read and written under `lock`).
    nonisolated(unsafe) static var observers: [any _Introspection] = []

    /// Whether any observer is enabled.
    @inlinable
    static var isActive: Bool { count.load(ordering: .acquiring) != 0 }

    /// Enables `observer` (once).
    static func enable(_ observer: any _Introspection) {
        lock.lock()
        if !observers.contains(where: { $0 === observer }) {
            observers.append(observer)
            count.store(observers.count, ordering: .releasing)
        }
        lock.unlock()
    }

    /// Disables `observer`.
    static func disable(_ observer: any _Introspection) {
        lock.lock()
        observers.removeAll { $0 === observer }
        count.store(observers.count, ordering: .releasing)
        lock.unlock()
    }

    /// Whether `observer` is enabled.
    static func isEnabled(_ observer: any _Introspection) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return observers.contains { $0 === observer }
    }

    /// The observers enabled now (a copy: they are called outside the lock).
    static var enabled: [any _Introspection] {
        guard isActive else { return [] }
        lock.lock()
        defer { lock.unlock() }
        return observers
    }
}
