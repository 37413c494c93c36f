/// Serialises events from any number of threads into one downstream handler, with the same
/// rules as a subject: one thread delivers at a time with no lock held, events that arrive
/// meanwhile wait in a bounded `EmissionQueue` (a sender that finds it full parks until its event
/// is out), the first stop event closes the gate, and `close(notifying:)` never waits: a delivery
/// already running on another thread finishes, and its thread tells the closing sink when it has.
///
/// Ownership of delivery lives in one atomic word, `state`: the owner's thread id (0 when nobody
/// delivers) plus the `slow` bit, set while there is work for the lock-guarded path (queued
/// events, a closer to tell) and for good once the gate is stopped or closed. An uncontended value
/// costs two compare-and-swaps (take ownership, give it back) and no lock; anything else takes
/// the lock.
@usableFromInline
final class SerialGate<Element>: @unchecked Sendable {
    // @unchecked Sendable: `state` is atomic; every var is guarded by `lock` but `downstream`,
    // which only the thread that owns delivery calls, and which is dropped (under `lock`) only
    // once no delivery can run any more (`releaseDownstream()`). `state` changes only by a compare-and-swap from 0 (lock-free fast path), by its
    // owner, or under `lock`.
    @usableFromInline let lock = Lock.make()
    /// The handler, called where it lies (at +0, like `ClosureObserver`'s `onNext`); dropped once
    /// the gate's sink has settled, so a sink that ends without a stop event (`skip(until:)` whose
    /// source completes first) does not keep its subscriber alive.
    @exclusivity(unchecked) @usableFromInline var downstream: OnNextHandler<Event<Element>>
    /// `releaseDownstream()` was asked while the asking thread was delivering: the delivery drops
    /// the handler when it gives up ownership (guarded by `lock`).
    @exclusivity(unchecked) @usableFromInline var releaseRequested = false
    /// The sink this gate belongs to, disposed right after a stop event was delivered (set once,
    /// right after the sink's initialiser; the sink owns the gate, so it outlives every delivery).
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var owner: SinkBase?
    @usableFromInline let state = AtomicCell<UInt>(0)
    @exclusivity(unchecked) @usableFromInline var stopped = false
    @exclusivity(unchecked) @usableFromInline var closed = false
    @exclusivity(unchecked) @usableFromInline var pending = EmissionQueue<Element>()
    /// The sink that closed the gate while another thread was delivering: told when it is done.
    @exclusivity(unchecked) @usableFromInline var closer: SinkBase?

    /// The bit of `state` that sends every caller, and the owner when it finishes, to the lock.
    @inlinable static var slow: UInt { 1 }

    /// Compiled once, here: a gate is made once per subscription. (The body calls an internal
    /// function, which keeps cross-module optimisation from handing it, and the initialisers of
    /// the fields with it, to other modules.)
    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = SerialGate.handler(downstream)
    }

    static func handler(_ downstream: @escaping (Event<Element>) -> Void) -> OnNextHandler<Event<Element>> {
        OnNextHandler(function: downstream)
    }

    /// Delivers one event (the owner, no lock held); after a stop event, disposes `owner`.
    @inlinable
    func emit(_ event: Event<Element>) {
        downstream.call(event)
        if event.isStopEvent, let owner { owner.dispose() }
    }

    /// The calling thread's id as stored in `state` (never 0, low bit clear).
    @inlinable
    static var me: UInt { id(ThreadID.current) }

    @inlinable
    static func id(_ thread: ThreadID) -> UInt { (thread.raw &<< 1) | 2 }

    /// Delivers the event now, or hands it to the thread that is delivering (parking when too many
    /// events wait).
    @inlinable
    func send(_ event: Event<Element>) {
        if case .next = event {
            let me = Self.me
            if state.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing).exchanged {
                downstream.call(event)
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
        let owner = acquireOrFlag(me)
        if owner == 0 {
            lock.unlock()
            emit(event)
            finish(me)
            return
        }
        let parker = pending.offer(event, fromOwner: owner == me, owner: owner)
        lock.unlock()
        if let parker, parker.park() == .owner { drain() }
    }

    /// Under `lock`: takes ownership when nobody delivers (returns 0; the `slow` bit is set when
    /// the gate has stopped, so the end of the delivery goes through `drain()`), otherwise sets
    /// the `slow` bit so the owner drains the queue (returns the owner's id).
    @usableFromInline
    func acquireOrFlag(_ me: UInt) -> UInt {
        var current = state.load(ordering: .acquiring)
        while true {
            let owner = current & ~Self.slow
            let desired = owner == 0 ? (me | (stopped || closed ? Self.slow : 0)) : (current | Self.slow)
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return owner }
            current = original
        }
    }

    /// Queues the event without delivering it, for callers that decide under their own lock what
    /// to send and must keep that order (call it with that lock held; it never calls out and never
    /// parks). When it returns `true` the calling thread now owns delivery and must call `drain()`
    /// once it has released its own lock.
    @usableFromInline
    func enqueue(_ event: Event<Element>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if stopped || closed { return false }
        if event.isStopEvent { stopped = true }
        let me = Self.me
        let owner = acquireOrFlag(me)
        _ = pending.offer(event, fromOwner: owner == me, mayPark: false, owner: owner)
        if owner == 0 {
            // The owner must drain what was just queued.
            state.store(me | Self.slow, ordering: .releasing)
            return true
        }
        return false
    }

    /// Delivers the queued events in order, then gives up ownership or hands it to a parked
    /// sender (the owner of delivery calls it; see `enqueue(_:)`).
    @usableFromInline
    func drain() {
        var released = ContiguousArray<Parker>()
        while true {
            lock.lock()
            if closed {
                // Events and parked senders dropped by `close` are released after the lock (an
                // event's deinit is user code); the closing sink learns that this delivery is over.
                let dropped = pending.removeAll(releasing: &released)
                pending.endTurn()
                let closer = self.closer.take()
                let handler = releaseRequested ? downstream.function.take() : nil
                // Only a compare-and-swap from 0 can race with this store, and it fails while we own.
                state.store(Self.slow, ordering: .releasing)
                lock.unlock()
                released.wakeReleased()
                withExtendedLifetime(dropped) {}
                withExtendedLifetime(handler) {}
                closer?.upstreamSettled()
                return
            }
            switch pending.next(releasing: &released) {
            case .deliver(let event):
                lock.unlock()
                released.wakeReleased()
                emit(event)
            case .handOff(let successor):
                state.store(Self.id(successor.thread) | Self.slow, ordering: .releasing)
                lock.unlock()
                released.wakeReleased()
                successor.wake(.owner)
                return
            case .done:
                state.store(stopped ? Self.slow : 0, ordering: .releasing)
                lock.unlock()
                released.wakeReleased()
                return
            }
        }
    }

    /// Stops all further delivery, without waiting. Returns `true` when no delivery is running on
    /// another thread (or the caller is the delivering thread); otherwise `sink` receives
    /// `upstreamSettled()` once the delivery in progress has returned.
    @usableFromInline
    func close(notifying sink: SinkBase?) -> Bool {
        var released = ContiguousArray<Parker>()
        lock.lock()
        closed = true
        let dropped = pending.removeAll(releasing: &released)
        var current = state.load(ordering: .acquiring)
        while true {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current | Self.slow, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        let owner = current & ~Self.slow
        let settled = owner == 0 || owner == Self.me || sink == nil
        if !settled { closer = sink }
        lock.unlock()
        released.wakeReleased()
        withExtendedLifetime(dropped) {}
        return settled
    }

    /// Drops the handler (and what it captures: the subscriber) once the owning sink has settled,
    /// so nothing downstream outlives the subscription. When the calling thread is delivering (the
    /// handler disposed its own subscription), the handler is still on the stack: it is dropped
    /// when that delivery gives up ownership (`drain()`, which the closed gate always goes through).
    @usableFromInline
    func releaseDownstream() {
        lock.lock()
        if state.load(ordering: .acquiring) & ~Self.slow == Self.me {
            releaseRequested = true
            lock.unlock()
            return
        }
        let handler = downstream.function.take()
        lock.unlock()
        withExtendedLifetime(handler) {}
    }
}
