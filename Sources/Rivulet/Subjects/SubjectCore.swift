/// The delivery engine shared by every subject and relay.
///
/// One thread at a time *owns emission*: it delivers an event to the observer list with no lock
/// held, then takes the lock briefly to pick up whatever arrived meanwhile. Sends from other
/// threads, and reentrant sends from an observer, are queued and delivered by the owner in order
/// (breadth-first: every observer sees event *n* before any sees *n + 1*). Subscriptions made by
/// another thread during an emission join at the next event boundary; a `dispose()` from another
/// thread waits until the owner has passed that boundary, so once it returns the observer is never
/// called again. The observer list is only changed by the owner, or under the lock while nobody
/// owns emission.
@usableFromInline
final class SubjectCore<Element>: SubjectCoreBase, @unchecked Sendable {
    // @unchecked Sendable: fields marked (lock) are guarded by `lock`; fields marked (owner) are
    // only touched by the thread that owns emission, or under `lock` while nobody does.

    /// What a new subscriber is replayed.
    @usableFromInline
    enum ReplayMode {
        case none
        case latest
        case buffer(Int)
        case unbounded
    }

    @usableFromInline let mode: ReplayMode

    // (lock)
    @exclusivity(unchecked) @usableFromInline var accepted: Event<Element>?  // the stop event once accepted
    @exclusivity(unchecked) @usableFromInline var latest: Element?  // last accepted value (`.latest` mode)
    @exclusivity(unchecked) @usableFromInline var queue: ContiguousArray<Event<Element>> = []
    @exclusivity(unchecked) @usableFromInline var queueHead = 0

    // (owner)
    @exclusivity(unchecked) @usableFromInline var replay: ContiguousArray<Element> = []
    /// Where the oldest value of a full `.buffer` ring sits in `replay`.
    @exclusivity(unchecked) @usableFromInline var replayHead = 0
    @exclusivity(unchecked) @usableFromInline var delivered: Event<Element>?  // stop event once delivered

    @inlinable
    init(mode: ReplayMode, initial: Element? = nil) {
        self.mode = mode
        super.init()
        if let initial {
            latest = initial
            replay.append(initial)
        }
    }

    deinit {
        // Subscriptions still held by their sinks must not keep their handlers (a handler usually
        // retains its sink, which retains the subscription: a cycle once the list is gone).
        for subscription in observers.entries { subscription?.releaseHandler() }
        for subscription in pendingAdds { subscription.releaseHandler() }
    }

    // MARK: Sending

    /// Accepts an event from any thread; delivers it now or hands it to the thread that owns
    /// emission. Events after a stop event, or after `dispose()`, are ignored.
    @inlinable
    func send(_ event: Event<Element>) {
        lock.lock()
        if accepted != nil || isDisposed {
            lock.unlock()
            return
        }
        // The value `latest` held is released after the lock (its deinit is user code).
        var previous: Element?
        switch event {
        case .next(let value):
            if case .latest = mode {
                previous = value
                swap(&previous, &latest)
            }
        case .error, .completed:
            accepted = event
        }
        if emitting {
            queue.append(event)
            lock.unlock()
            withExtendedLifetime(previous) {}
            return
        }
        emitting = true
        emitter = .current
        lock.unlock()
        withExtendedLifetime(previous) {}
        deliver(event)
        finishEmission()
    }

    /// Delivers one event to the current observers (owner only, no lock held).
    @inlinable
    func deliver(_ event: Event<Element>) {
        record(event)
        let count = observers.entries.count
        var index = 0
        while index < count {
            // Every entry of this core is a `SubjectSubscription<Element>` (added by `subscribe`).
            let handler = observers.entries.withUnsafeBufferPointer { buffer in
                buffer[index].map { subscription in
                    Unmanaged.passUnretained(unsafeDowncast(subscription, to: SubjectSubscription<Element>.self))
                        ._withUnsafeGuaranteedRef { $0.handler }
                } ?? nil
            }
            if let handler { handler(event) }
            index += 1
        }
        if event.isStopEvent {
            // Released after the lock: dropping a handler may run user deinit code.
            let detached = lock.withLock { observers.detachAll() }
            for subscription in detached { subscription?.releaseHandler() }
        }
    }

    /// Updates the state replayed to new subscribers (owner only).
    @inlinable
    func record(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            switch mode {
            case .none:
                break
            case .latest:
                if replay.isEmpty { replay.append(value) } else { replay[0] = value }
            case .buffer(let size):
                guard size > 0 else { break }
                if replay.count < size {
                    replay.append(value)
                } else {
                    // A full buffer is a ring: overwrite the oldest value, O(1) per event.
                    replay[replayHead] = value
                    replayHead = replayHead + 1 == size ? 0 : replayHead + 1
                }
            case .unbounded:
                replay.append(value)
            }
        case .error, .completed:
            delivered = event
            hasDelivered = true
        }
    }

    /// Runs the queued work that arrived during a delivery, then gives up ownership (owner only).
    @inlinable
    func finishEmission() {
        lock.lock()
        if queueHead == queue.count && pendingAdds.isEmpty && pendingRemovals.isEmpty && !isDisposed {
            emitting = false
            lock.unlock()
            return
        }
        lock.unlock()
        drainSlowPath()
    }

    @usableFromInline
    func drainSlowPath() {
        while true {
            lock.lock()
            for subscription in pendingRemovals { observers.remove(subscription) }
            pendingRemovals.removeAll()
            observers.compactIfNeeded()
            let toWake = waiters
            waiters.removeAll()
            if !pendingAdds.isEmpty {
                let adds = pendingAdds
                pendingAdds.removeAll()
                var joins: [((Event<Element>) -> Void, [Event<Element>])] = []
                var lateJoiners: [SubjectSubscriptionBase] = []
                for added in adds {
                    guard added.isPending else { continue }
                    added.isPending = false
                    let subscription = unsafeDowncast(added, to: SubjectSubscription<Element>.self)
                    guard let handler = subscription.handler else { continue }
                    if delivered == nil {
                        observers.append(subscription)
                    } else {
                        lateJoiners.append(subscription)  // gets the stop event only, never joins
                    }
                    joins.append((handler, replayEvents()))
                }
                lock.unlock()
                for waiter in toWake { waiter.signal() }
                for (handler, events) in joins {
                    for event in events { handler(event) }
                }
                for subscription in lateJoiners { subscription.releaseHandler() }
                continue
            }
            if queueHead < queue.count {
                let event = queue[queueHead]
                queueHead += 1
                if queueHead == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                lock.unlock()
                for waiter in toWake { waiter.signal() }
                deliver(event)
                continue
            }
            emitting = false
            // A `dispose()` during the emission left the observers and buffer to the owner.
            var detached = ContiguousArray<SubjectSubscriptionBase?>()
            var dropped = ContiguousArray<Element>()
            if isDisposed {
                detached = observers.detachAll()
                swap(&dropped, &replay)
            }
            lock.unlock()
            for waiter in toWake { waiter.signal() }
            for subscription in detached { subscription?.releaseHandler() }
            withExtendedLifetime(dropped) {}
            return
        }
    }

    /// The events a new subscriber receives first (owner, or under the lock while nobody owns).
    @usableFromInline
    func replayEvents() -> [Event<Element>] {
        var events: [Event<Element>] = []
        switch mode {
        case .none: break
        case .latest, .buffer, .unbounded:
            // A BehaviorSubject replays only its stop event once it has stopped.
            if case .latest = mode, delivered != nil { break }
            events.reserveCapacity(replay.count + 1)
            for offset in 0..<replay.count {
                events.append(.next(replay[(replayHead + offset) % replay.count]))
            }
        }
        if let delivered { events.append(delivered) }
        return events
    }

    // MARK: Subscribing

    /// Adds an observer, hands its subscription to `subscriber`, and replays to it what the mode
    /// asks for.
    @usableFromInline
    func subscribe(_ handler: @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        lock.lock()
        if isDisposed {
            lock.unlock()
            subscriber.setUpstream(Disposables.create())
            handler(.error(RxError.disposed(object: self)))
            return
        }
        if emitting && emitter != .current {
            // Another thread is delivering: join at its next event boundary.
            let subscription = SubjectSubscription(core: self, handler: handler)
            subscription.isPending = true
            pendingAdds.append(subscription)
            lock.unlock()
            subscriber.setUpstream(subscription)
            return
        }
        if hasDelivered {
            let events = replayEvents()
            lock.unlock()
            subscriber.setUpstream(Disposables.create())
            for event in events { handler(event) }
            return
        }
        let subscription = SubjectSubscription(core: self, handler: handler)
        observers.append(subscription)
        if case .none = mode {
            lock.unlock()
            subscriber.setUpstream(subscription)
            return
        }
        let events = replayEvents()
        if emitting {
            // Reentrant subscribe from an observer on the owning thread: replay right away.
            lock.unlock()
            subscriber.setUpstream(subscription)
            for event in events { handler(event) }
            return
        }
        emitting = true
        emitter = .current
        lock.unlock()
        subscriber.setUpstream(subscription)
        for event in events { handler(event) }
        finishEmission()
    }

    /// Drops all observers and ignores every later event; later subscribers get `RxError.disposed`.
    @usableFromInline
    func dispose() {
        // Everything dropped here is released after the lock (handlers and values may run user
        // deinit code). While another emission is in progress its owner drops the observers.
        lock.lock()
        isDisposed = true
        var droppedLatest: Element?
        swap(&droppedLatest, &latest)
        var detached = ContiguousArray<SubjectSubscriptionBase?>()
        var droppedReplay = ContiguousArray<Element>()
        if !emitting {
            detached = observers.detachAll()
            swap(&droppedReplay, &replay)
        }
        var droppedAdds: [SubjectSubscriptionBase] = []
        swap(&droppedAdds, &pendingAdds)
        for subscription in droppedAdds { subscription.isPending = false }
        var droppedQueue = ContiguousArray<Event<Element>>()
        swap(&droppedQueue, &queue)
        queueHead = 0
        lock.unlock()
        for subscription in detached { subscription?.releaseHandler() }
        for subscription in droppedAdds { subscription.releaseHandler() }
        withExtendedLifetime((droppedLatest, droppedReplay, droppedQueue)) {}
    }
}

/// The part of a subject's core that does not depend on the element type: the lock, emission
/// ownership and the observer list. Unsubscribing runs entirely here, so it is plain
/// non-generic code (no generic metadata look-ups) even though `dispose()` reaches it through a
/// `Disposable` existential.
@usableFromInline
class SubjectCoreBase: @unchecked Sendable {
    // @unchecked Sendable: fields marked (lock) are guarded by `lock`; fields marked (owner) are
    // only touched by the thread that owns emission, or under `lock` while nobody does.
    @usableFromInline let lock = Lock.make()

    // (lock)
    @exclusivity(unchecked) @usableFromInline var emitting = false
    @exclusivity(unchecked) @usableFromInline var emitter = ThreadID(raw: 0)
    @exclusivity(unchecked) @usableFromInline var isDisposed = false
    @exclusivity(unchecked) @usableFromInline var pendingAdds: [SubjectSubscriptionBase] = []
    @exclusivity(unchecked) @usableFromInline var pendingRemovals: [SubjectSubscriptionBase] = []
    @exclusivity(unchecked) @usableFromInline var waiters: [Waiter] = []

    // (owner)
    @exclusivity(unchecked) @usableFromInline var observers = ObserverList()
    /// `true` once a stop event was delivered (the generic `delivered` holds which one).
    @exclusivity(unchecked) @usableFromInline var hasDelivered = false

    @usableFromInline
    init() {}

    /// Removes a subscription. Called on another thread during an emission, it waits until the
    /// owner has passed the current event, so the observer is never called after this returns.
    /// The handler is released after the lock (its deinit may be user code).
    @usableFromInline
    final func unsubscribe(_ subscription: SubjectSubscriptionBase) {
        lock.lock()
        if subscription.isPending {
            subscription.isPending = false
            pendingAdds.removeAll { $0 === subscription }
            lock.unlock()
            subscription.releaseHandler()
            return
        }
        if !emitting {
            observers.remove(subscription)
            observers.compactIfNeeded()
            lock.unlock()
            subscription.releaseHandler()
            return
        }
        if emitter == .current {
            observers.remove(subscription)  // compaction waits for the end of the delivery
            lock.unlock()
            subscription.releaseHandler()
            return
        }
        pendingRemovals.append(subscription)
        let waiter = Waiter()
        waiters.append(waiter)
        lock.unlock()
        waiter.wait()
        subscription.releaseHandler()
    }

    /// Whether any observer is subscribed.
    @usableFromInline
    final var hasObservers: Bool {
        lock.withLock { observers.liveCount > 0 || !pendingAdds.isEmpty }
    }
}

/// A subscription to a subject: the disposable handed to the subscriber. The non-generic half
/// (slot index, pending flag, the way back to the core) so that disposing needs no generic code.
@usableFromInline
class SubjectSubscriptionBase: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `index` and `isPending` are guarded by the core's lock/ownership.
    @usableFromInline weak var core: SubjectCoreBase?
    @exclusivity(unchecked) @usableFromInline var index = -1
    /// Waiting in `pendingAdds` to join at the owner's next event boundary.
    @exclusivity(unchecked) @usableFromInline var isPending = false

    @usableFromInline
    init(core: SubjectCoreBase) {
        self.core = core
        ResourceCounter.increment()
    }

    deinit { ResourceCounter.decrement() }

    @usableFromInline
    final func dispose() {
        if let core {
            core.unsubscribe(self)
        } else {
            releaseHandler()  // the core is gone: nothing can deliver to this handler any more
        }
    }

    /// Drops the handler once the subscription has left the core (never under the core's lock).
    @usableFromInline
    func releaseHandler() {}
}

/// The typed half of a subject subscription: the observer's handler.
@usableFromInline
final class SubjectSubscription<Element>: SubjectSubscriptionBase, @unchecked Sendable {
    // @unchecked Sendable: `handler` is set once in init and cleared by `releaseHandler()` only
    // after the subscription left the observer list (so no delivery reads it concurrently).
    @exclusivity(unchecked) @usableFromInline var handler: ((Event<Element>) -> Void)?

    @usableFromInline
    init(core: SubjectCoreBase, handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
        super.init(core: core)
    }

    @usableFromInline
    override func releaseHandler() {
        handler = nil
    }
}

/// The observers of a subject in subscription order. Removal leaves a hole (O(1)); holes are
/// compacted away when they make up more than half of the list, outside any delivery.
/// Not generic: the handler lives in the subscription, so adding and removing never needs the
/// element type.
@usableFromInline
struct ObserverList {
    @usableFromInline var entries: ContiguousArray<SubjectSubscriptionBase?> = []
    @usableFromInline var holes = 0

    @inlinable
    init() {}

    @inlinable
    var liveCount: Int { entries.count - holes }

    @usableFromInline
    mutating func append(_ subscription: SubjectSubscriptionBase) {
        subscription.index = entries.count
        entries.append(subscription)
    }

    @usableFromInline
    mutating func remove(_ subscription: SubjectSubscriptionBase) {
        let index = subscription.index
        guard index >= 0, index < entries.count, entries[index] === subscription else { return }
        entries[index] = nil
        subscription.index = -1
        holes += 1
    }

    @usableFromInline
    mutating func compactIfNeeded() {
        guard holes > 0 else { return }
        if holes == entries.count {
            entries.removeAll()
            holes = 0
            return
        }
        guard holes >= 16, holes * 2 > entries.count else { return }
        var kept = ContiguousArray<SubjectSubscriptionBase?>()
        kept.reserveCapacity(entries.count - holes)
        for case let subscription? in entries {
            subscription.index = kept.count
            kept.append(subscription)
        }
        entries = kept
        holes = 0
    }

    /// Empties the list and returns the subscriptions, so the caller can release their handlers
    /// after unlocking.
    @usableFromInline
    mutating func detachAll() -> ContiguousArray<SubjectSubscriptionBase?> {
        for subscription in entries { subscription?.index = -1 }
        var detached = ContiguousArray<SubjectSubscriptionBase?>()
        swap(&detached, &entries)
        holes = 0
        return detached
    }
}
