// The shapes of Rivulet's critical sections that hand an object across the lock, compiled with
// the real `Lock` by scripts/check-lock-fences.sh, which reads the optimised code: every retain of
// the object must come before the unlock. (Not part of the package: no target includes it.)

/// An object handed across the lock.
public final class Probed {
    public init() {}
}

/// An owner of a lock and the fields it guards.
public final class ProbeOwner: @unchecked Sendable {
    let lock = Lock()
    var current: Probed?
    var latest: UInt64 = 0

    public init() {}

    /// `switchLatest`/`flatMapLatest`'s `switchInner`: a new object stored in a `defer`, the
    /// previous one taken out.
    @inline(never)
    public func storeInDefer(_ slot: Probed) -> (UInt64, Probed?) {
        lock.withLock { () -> (UInt64, Probed?) in
            latest &+= 1
            defer { current = slot }
            return (latest, current)
        }
    }

    /// `SerialSourceSink.nextSlot`: a new object stored, the previous one taken out.
    @inline(never)
    public func exchange(_ slot: Probed) -> Probed? {
        lock.withLock { () -> Probed? in
            let previous = current
            current = slot
            return previous
        }
    }

    /// A guarded reference read and kept: its retain must come before the unlock too.
    @inline(never)
    public func read() -> Probed? {
        lock.withLock { current }
    }
}
