#if canImport(Darwin)
    import Builtin
    import Darwin
#else
    import CRivuletAtomics
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#endif

/// A small non-recursive lock stored inline in the object that owns it (4 bytes, no allocation
/// of its own). Rivulet never calls user code while holding one (see docs/DESIGN.md, "Threading
/// contract"). Store it in a `let` of a class; it is never copied or moved.
///
/// Every memory operation of the critical section stays between `lock()` and `unlock()`, for the
/// processor and for the compiler, retains and releases included (docs/DESIGN.md, "Decisions"):
///
/// - Apple platforms: an `os_unfair_lock` (iOS 10, macOS 10.12), stored inline at a stable
///   address (`UnfairLockWord`), so a waiter donates its priority to the owner. Its functions are
///   opaque calls, which no optimiser moves anything across.
/// - Linux and the others: a lock word of the `CRivuletAtomics` shim. Uncontended, `lock()` is one
///   acquiring compare-and-swap and `unlock()` one releasing store, each with a compiler barrier on
///   the critical section's side (an atomic alone let the optimiser move a `swift_retain` after the
///   unlock, a use after free; `scripts/check-lock-fences.sh` checks the emitted code). Contended, the
///   waiter spins briefly, then yields its time slice until the word is free. Every critical
///   section in Rivulet is a few field reads and writes, so a waiter is never parked for long.
///   ThreadSanitizer sees the C11 atomics, so it sees the lock order memory.
@usableFromInline
package struct Lock: ~Copyable {
    #if canImport(Darwin)
        @usableFromInline let word = UnfairLockWord()
    #else
        /// 0 = free, 1 = held; only ever accessed through the shim's `rivulet_lock_word_*`.
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
            os_unfair_lock_lock(word.address)
        #else
            if rivulet_lock_word_try_acquire(word.address) { return }
            lockContended()
        #endif
    }

    @inlinable
    package borrowing func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(word.address)
        #else
            rivulet_lock_word_release(word.address)
        #endif
    }

    #if !canImport(Darwin)
        @usableFromInline
        borrowing func lockContended() {
            var attempts = 0
            while true {
                if rivulet_lock_word_is_free(word.address), rivulet_lock_word_try_acquire(word.address) { return }
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

#if canImport(Darwin)
    /// An `os_unfair_lock` stored inline (`@_rawLayout`, as `AtomicCell` stores its word), so its
    /// address never changes while the owner lives: the lock's functions take that address, and a
    /// Swift `var` of type `os_unfair_lock` passed with `&` would not have a stable one.
    @_rawLayout(like: os_unfair_lock_s)
    @usableFromInline package struct UnfairLockWord: ~Copyable {
        /// The lock's address: the word's own storage.
        @usableFromInline @_transparent
        var address: os_unfair_lock_t {
            UnsafeMutableRawPointer(Builtin.addressOfRawLayout(self)).assumingMemoryBound(to: os_unfair_lock_s.self)
        }

        /// An unlocked lock (`OS_UNFAIR_LOCK_INIT`, all zero).
        @inlinable
        init() {
            UnsafeMutableRawPointer(Builtin.addressOfRawLayout(self)).initializeMemory(
                as: os_unfair_lock_s.self, to: os_unfair_lock_s())
        }
    }
#endif

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
