/// Serialises events from any number of threads into one downstream handler, with the same
/// rules as a subject: one thread delivers at a time with no lock held, events that arrive
/// meanwhile are queued and delivered by that thread in order, the first stop event closes the
/// gate, and `close()` from another thread waits for a delivery in progress (from the delivering
/// thread it returns at once).
@usableFromInline
final class SerialGate<Element>: @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`; `downstream` is immutable.
    @usableFromInline let lock = Lock.make()
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline var emitting = false
    @exclusivity(unchecked) @usableFromInline var emitter = ThreadID(raw: 0)
    @exclusivity(unchecked) @usableFromInline var stopped = false
    @exclusivity(unchecked) @usableFromInline var closed = false
    @exclusivity(unchecked) @usableFromInline var queue: ContiguousArray<Event<Element>> = []
    @exclusivity(unchecked) @usableFromInline var queueHead = 0  // next event to deliver in `queue`
    @exclusivity(unchecked) @usableFromInline var waiters: [Waiter] = []

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
    }

    /// Delivers the event now, or queues it for the thread that is delivering.
    @inlinable
    func send(_ event: Event<Element>) {
        lock.lock()
        if stopped || closed {
            lock.unlock()
            return
        }
        if event.isStopEvent { stopped = true }
        if emitting {
            queue.append(event)
            lock.unlock()
            return
        }
        emitting = true
        emitter = .current
        lock.unlock()
        downstream(event)
        lock.lock()
        if queue.isEmpty && waiters.isEmpty {
            emitting = false
            lock.unlock()
            return
        }
        lock.unlock()
        drain()
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
        if emitting { return false }
        emitting = true
        emitter = .current
        return true
    }

    /// Delivers the queued events in order (the owner of delivery calls it; see `enqueue(_:)`).
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
                downstream(event)
                continue
            }
            // Events dropped by `close()` are released after the lock (their values' deinit is
            // user code).
            var dropped: ContiguousArray<Event<Element>> = []
            swap(&dropped, &queue)
            queueHead = 0
            emitting = false
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
        if emitting && emitter != .current {
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
