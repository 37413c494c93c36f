import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock
#else
@usableFromInline typealias PlatformLock = pthread_mutex_t
#endif

/// A small non-recursive lock: `os_unfair_lock` on Apple platforms, a plain pthread mutex elsewhere.
///
/// One allocation (the lock lives in the object's tail storage). Rivulet never calls user code
/// while holding one (see docs/DESIGN.md, "Threading contract").
@usableFromInline
final class Lock: ManagedBuffer<Void, PlatformLock> {
    // Not Sendable by type (ManagedBuffer), but safe to share: its only state is the platform lock.

    @inlinable
    static func make() -> Lock {
        let buffer = Lock.create(minimumCapacity: 1) { _ in () }
        let lock = unsafeDowncast(buffer, to: Lock.self)
        lock.withUnsafeMutablePointerToElements { pointer in
            #if canImport(Darwin)
            pointer.initialize(to: os_unfair_lock())
            #else
            pointer.initialize(to: pthread_mutex_t())
            pthread_mutex_init(pointer, nil)
            #endif
        }
        return lock
    }

    deinit {
        withUnsafeMutablePointerToElements { pointer in
            #if !canImport(Darwin)
            pthread_mutex_destroy(pointer)
            #endif
            _ = pointer.deinitialize(count: 1)
        }
    }

    @inlinable
    func lock() {
        withUnsafeMutablePointerToElements { pointer in
            #if canImport(Darwin)
            os_unfair_lock_lock(pointer)
            #else
            _ = pthread_mutex_lock(pointer)
            #endif
        }
    }

    @inlinable
    func unlock() {
        withUnsafeMutablePointerToElements { pointer in
            #if canImport(Darwin)
            os_unfair_lock_unlock(pointer)
            #else
            _ = pthread_mutex_unlock(pointer)
            #endif
        }
    }

    /// Runs `body` with the lock held. `body` must not call user code.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

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
