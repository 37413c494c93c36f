import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A small non-recursive lock stored inline in the object that owns it (4 bytes, no allocation
/// of its own). Rivulet never calls user code while holding one (see docs/DESIGN.md, "Threading
/// contract"). Store it in a `let` of a class; it is never copied or moved.
///
/// - Apple platforms: `Synchronization.Mutex` (an inline `os_unfair_lock`, which donates priority
///   to the owner).
/// - Linux: an atomic word. Uncontended, `lock()` is one compare-and-swap and `unlock()` one
///   release store. Contended, the waiter spins briefly, then yields its time slice until the word
///   is free. Every critical section in Rivulet is a few field reads and writes, so a waiter is
///   never parked for long. (`Mutex` is not used here: its contended path runs inside the
///   uninstrumented Synchronization library, so ThreadSanitizer does not see it order memory and
///   reports false races.)
@usableFromInline
package struct Lock: ~Copyable {
    #if canImport(Darwin)
        @usableFromInline let mutex = Mutex<Void>(())
    #else
        /// 0 = free, 1 = held.
        @usableFromInline let word = AtomicCell<UInt32>(0)
    #endif

    @inlinable
    package init() {}

    /// A new, unlocked lock.
    @inlinable
    package static func make() -> Lock { Lock() }

    @inlinable
    package borrowing func lock() {
        #if canImport(Darwin)
            mutex._unsafeLock()
        #else
            if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
            lockContended()
        #endif
    }

    @inlinable
    package borrowing func unlock() {
        #if canImport(Darwin)
            mutex._unsafeUnlock()
        #else
            word.store(0, ordering: .releasing)
        #endif
    }

    #if !canImport(Darwin)
        @usableFromInline
        borrowing func lockContended() {
            var attempts = 0
            while true {
                if word.load(ordering: .relaxed) == 0,
                    word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
                {
                    return
                }
                attempts += 1
                if attempts > 100 { sched_yield() }
            }
        }
    #endif

    /// Runs `body` with the lock held. `body` must not call user code.
    @inlinable
    package borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

// Not Sendable by type, as before (the owners are `@unchecked Sendable` and name their lock).
@available(*, unavailable)
extension Lock: Sendable {}

/// An opaque identity of the calling thread, used to recognise reentrant calls.
@usableFromInline
struct ThreadID: Equatable, Sendable {
    @usableFromInline let raw: UInt

    @inlinable
    static var current: ThreadID {
        #if canImport(Darwin)
            return ThreadID(raw: UInt(bitPattern: pthread_self()))
        #else
            return ThreadID(raw: UInt(pthread_self()))
        #endif
    }

    @inlinable
    init(raw: UInt) { self.raw = raw }
}
