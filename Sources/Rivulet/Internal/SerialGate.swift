import Synchronization

/// Serialises events from any number of threads into one downstream handler, with the same
/// rules as a subject: one thread delivers at a time with no lock held, events that arrive
/// meanwhile are queued and delivered by that thread in order, the first stop event closes the
/// gate, and `close()` from another thread waits for a delivery in progress (from the delivering
/// thread it returns at once).
///
/// Ownership of delivery lives in one atomic word, `state`: the owner's thread id (0 when nobody
/// delivers) plus the `slow` bit, set while there is work for the lock-guarded path (queued
/// events, waiting closers) and for good once the gate is stopped or closed. An uncontended value
/// costs two compare-and-swaps (take ownership, give it back) and no lock; anything else takes
/// the lock.
@usableFromInline
final class SerialGate<Element>: @unchecked Sendable {
    // @unchecked Sendable: `state` is atomic; every var is guarded by `lock`; `downstream` is
    // immutable. `state` changes only by a compare-and-swap from 0 (lock-free fast path), by its
    // owner, or under `lock`.
    @usableFromInline let lock = Lock.make()
    @usableFromInline let downstream: (Event<Element>) -> Void
    /// The sink this gate belongs to, disposed right after a stop event was delivered (set once,
    /// right after the sink's initialiser; the sink owns the gate, so it outlives every delivery).
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var owner: SinkBase?
    @usableFromInline let state = Atomic<UInt>(0)
    @exclusivity(unchecked) @usableFromInline var stopped = false
    @exclusivity(unchecked) @usableFromInline var closed = false
    @exclusivity(unchecked) @usableFromInline var queue: ContiguousArray<Event<Element>> = []
    @exclusivity(unchecked) @usableFromInline var queueHead = 0  // next event to deliver in `queue`
    @exclusivity(unchecked) @usableFromInline var waiters: [Waiter] = []

    /// The bit of `state` that sends every caller, and the owner when it finishes, to the lock.
    @inlinable static var slow: UInt { 1 }

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
    }

    /// The calling thread's id as stored in `state` (never 0, low bit clear).
    /// Delivers one event (the owner, no lock held); after a stop event, disposes `owner`.
    @inlinable
    func emit(_ event: Event<Element>) {
        downstream(event)
        if event.isStopEvent, let owner { owner.dispose() }
    }

    @inlinable
    static var me: UInt { (ThreadID.current.raw &<< 1) | 2 }

    /// Delivers the event now, or queues it for the thread that is delivering.
    @inlinable
    func send(_ event: Event<Element>) {
        if case .next = event {
            let me = Self.me
            if state.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing).exchanged {
                downstream(event)
                finish(me)
                return
            }
        }
        sendSlow(event)
    }

    /// Gives up ownership; when the `slow` bit was set meanwhile, drains the queue first.
    @inlinable
    func finish(_ me: UInt) {
        if state.compareExchange(expected: me, desired: 0, ordering: .acquiringAndReleasing).exchanged { return }
        drain()
    }

    @usableFromInline
    func sendSlow(_ event: Event<Element>) {
        lock.lock()
        if stopped || closed {
            lock.unlock()
            return
        }
        if event.isStopEvent { stopped = true }
        let me = Self.me
        if acquireOrFlag(me) {
            lock.unlock()
            emit(event)
            finish(me)
            return
        }
        queue.append(event)
        lock.unlock()
    }

    /// Under `lock`: takes ownership when nobody delivers (returns `true`; the `slow` bit is set
    /// when the gate has stopped, so the end of the delivery goes through `drain()`), otherwise
    /// sets the `slow` bit so the owner drains the queue (returns `false`).
    @usableFromInline
    func acquireOrFlag(_ me: UInt) -> Bool {
        var current = state.load(ordering: .acquiring)
        while true {
            let owner = current & ~Self.slow
            let desired = owner == 0 ? (me | (stopped || closed ? Self.slow : 0)) : (current | Self.slow)
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return owner == 0 }
            current = original
        }
    }

    /// Queues the event without delivering it, for callers that decide under their own lock what
    /// to send and must keep that order (call it with that lock held; it never calls out). When it
    /// returns `true` the calling thread now owns delivery and must call `drain()` once it has
    /// released its own lock.
    @usableFromInline
    func enqueue(_ event: Event<Element>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if stopped || closed { return false }
        if event.isStopEvent { stopped = true }
        queue.append(event)
        let me = Self.me
        if acquireOrFlag(me) {
            // The owner must drain what was just queued.
            state.store(me | Self.slow, ordering: .releasing)
            return true
        }
        return false
    }

    /// Delivers the queued events in order, then gives up ownership (the owner of delivery calls
    /// it; see `enqueue(_:)`).
    @usableFromInline
    func drain() {
        while true {
            lock.lock()
            let toWake = waiters
            waiters.removeAll()
            if !closed, queueHead < queue.count {
                let event = queue[queueHead]
                queueHead += 1
                lock.unlock()
                for waiter in toWake { waiter.signal() }
                emit(event)
                continue
            }
            // Events dropped by `close()` are released after the lock (their values' deinit is
            // user code).
            var dropped: ContiguousArray<Event<Element>> = []
            swap(&dropped, &queue)
            queueHead = 0
            // Only a compare-and-swap from 0 can race with this store, and it fails while we own.
            state.store(stopped || closed ? Self.slow : 0, ordering: .releasing)
            lock.unlock()
            for waiter in toWake { waiter.signal() }
            withExtendedLifetime(dropped) {}
            return
        }
    }

    /// Stops all further delivery. From another thread it waits until a delivery in progress has
    /// returned; from inside a delivery it returns at once.
    @usableFromInline
    func close() {
        lock.lock()
        closed = true
        var dropped: ContiguousArray<Event<Element>> = []
        swap(&dropped, &queue)
        queueHead = 0
        var current = state.load(ordering: .acquiring)
        while true {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current | Self.slow, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        let owner = current & ~Self.slow
        if owner != 0 && owner != Self.me {
            let waiter = Waiter()
            waiters.append(waiter)
            lock.unlock()
            withExtendedLifetime(dropped) {}
            waiter.wait()
            return
        }
        lock.unlock()
        withExtendedLifetime(dropped) {}
    }
}
