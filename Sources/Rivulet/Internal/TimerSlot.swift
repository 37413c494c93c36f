/// Holds the one pending timer of a time operator (`debounce`, `throttle`, `buffer`, ...).
///
/// Each timer is armed with a generation number that the operator takes from its own state under
/// its own lock; a newer generation replaces (and cancels) an older timer, an older one never
/// replaces a newer one, and after `dispose()` every timer handed in is cancelled at once. So the
/// operator can call the scheduler without holding its state lock, from any thread.
@usableFromInline
final class TimerSlot: @unchecked Sendable {
    // @unchecked Sendable: `current`, `generation` and `disposed` are guarded by `lock`.
    private let lock = Lock.make()
    private var current: Disposable?
    private var generation: UInt64 = 0
    private var disposed = false

    @usableFromInline
    init() {}

    /// Stores `timer` as the pending timer of `generation`, cancelling the one it replaces; cancels
    /// `timer` itself if a newer generation is already stored or the slot is disposed.
    @usableFromInline
    func set(_ timer: Disposable, generation newGeneration: UInt64) {
        let toDispose: Disposable? = lock.withLock {
            if disposed || newGeneration < generation { return timer }
            defer {
                current = timer
                generation = newGeneration
            }
            return current
        }
        toDispose?.dispose()
    }

    /// Cancels the pending timer and every timer stored later.
    @usableFromInline
    func dispose() {
        let pending: Disposable? = lock.withLock {
            disposed = true
            defer { current = nil }
            return current
        }
        pending?.dispose()
    }
}
