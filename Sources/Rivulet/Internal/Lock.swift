import Dispatch
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small non-recursive lock stored inline in the object that owns it: `Synchronization.Mutex`
/// (a futex word on Linux, `os_unfair_lock` on Apple platforms) used through lock/unlock calls.
///
/// No allocation of its own: a sink or subject that holds one pays 4 bytes, not a separate heap
/// object. Rivulet never calls user code while holding one (see docs/DESIGN.md, "Threading
/// contract"). Store it in a `let` of a class; it is never copied or moved.
@usableFromInline
struct Lock: ~Copyable {
    @usableFromInline let mutex = Mutex<Void>(())

    @inlinable
    init() {}

    /// A new, unlocked lock.
    @inlinable
    static func make() -> Lock { Lock() }

    @inlinable
    borrowing func lock() { mutex._unsafeLock() }

    @inlinable
    borrowing func unlock() { mutex._unsafeUnlock() }

    /// Runs `body` with the lock held. `body` must not call user code.
    @inlinable
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
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

/// A one-shot wake-up used by a thread that must wait for another thread's delivery to end.
@usableFromInline
final class Waiter: @unchecked Sendable {
    // @unchecked Sendable: a DispatchSemaphore is thread-safe.
    private let semaphore = DispatchSemaphore(value: 0)

    @usableFromInline
    init() {}

    /// Blocks until `signal()` has been called.
    @usableFromInline
    func wait() { semaphore.wait() }

    /// Wakes the waiting thread (or lets a later `wait()` return at once).
    @usableFromInline
    func signal() { semaphore.signal() }
}
