import Synchronization

/// The delivery engine shared by every subject and relay.
///
/// One thread at a time *owns emission*: it delivers an event to the observers with no lock held,
/// then takes the lock briefly to pick up whatever arrived meanwhile. Sends from other threads,
/// and reentrant sends from an observer, are queued (`EmissionQueue`: bounded for other threads,
/// whose senders park when it is full) and delivered in order (breadth-first: every observer sees
/// event *n* before any sees *n + 1*); an owner that has delivered its share of other threads'
/// events hands ownership to a parked sender. Subscriptions made by another thread during an
/// emission join at the next event boundary. A `dispose()` from another thread never waits: it
/// marks the observer for removal, and the owner, which checks for removals before each handler
/// call, calls it no more, removes it once its handler (if running) has returned, and then tells
/// its sink (`upstreamSettled()`).
///
/// The observers live in one buffer of `SubjectSlot`s: the handler and a key. The subscriber's sink
/// is not a separate subscription object: its upstream is this core, and it remembers its slot's
/// key, so subscribing costs no allocation beyond the buffer's growth and unsubscribing finds the
/// slot by key (at once while no slot has moved, by binary search after a compaction). Slots are
/// `~Copyable`, so the delivery loop calls each handler where it lies, at +0: an event pays no
/// reference counting. While a handler runs, its own slot is never written or freed: a handler
/// that disposes its own subscription is removed after it returns, and a buffer that grows during
/// an emission is freed when the emission ends.
@usableFromInline
final class SubjectCore<Element>: SubscriptionNode, @unchecked Sendable {
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

    /// A subscriber that joins at the owner's next event boundary. Its key finds it while it
    /// waits; it gets a new one when it joins, so that the slots' keys stay in order (a reentrant
    /// subscribe during the same emission may have joined since, with a larger key).
    @usableFromInline
    struct PendingAdd {
        @usableFromInline let handler: (Event<Element>) -> Void
        @usableFromInline let key: UInt64
        @usableFromInline let subscriber: SinkBase

        @inlinable
        init(handler: @escaping (Event<Element>) -> Void, key: UInt64, subscriber: SinkBase) {
            self.handler = handler
            self.key = key
            self.subscriber = subscriber
        }
    }

    @usableFromInline let mode: ReplayMode
    @usableFromInline let lock = Lock.make()

    // Entry points compiled where the subject is created (the initialiser is inlinable), so the
    // paths that arrive through class methods (subscribing through `_subscribe`, detaching through
    // `SubscriptionNode.detach`, the subject's deinit) run code specialised for `Element`.
    // Unspecialised generic code would look up generic metadata on every call (~330 instructions
    // per type, several per subscription).
    @usableFromInline let subscribeEntry: (SubjectCore, consuming @escaping (Event<Element>) -> Void, SinkBase) -> Void
    @usableFromInline let detachEntry: (SubjectCore, SinkBase) -> Bool
    @usableFromInline let disposeEntry: (SubjectCore) -> Void
    @usableFromInline let shutDownEntry: (SubjectCore) -> Void

    // (lock)
    @exclusivity(unchecked) @usableFromInline var emitting = false
    @exclusivity(unchecked) @usableFromInline var emitter = ThreadID(raw: 0)
    @exclusivity(unchecked) @usableFromInline var isDisposed = false
    /// The stop event once accepted: `noStop`, `completedStop` or `errorStop` (with `stopError`).
    @exclusivity(unchecked) @usableFromInline var stopAccepted = SubjectCore.noStop
    @exclusivity(unchecked) @usableFromInline var stopError: Swift.Error?
    /// Set when the owner has more to do than deliver the queue at the end of an event: pending
    /// subscribers or removals, retired buffers, or a `dispose()` during the emission.
    @exclusivity(unchecked) @usableFromInline var hasSlowWork = false
    @exclusivity(unchecked) @usableFromInline var latest: Element?  // last accepted value (`.latest`)
    /// Events sent while a thread owns emission, and the senders parked behind them.
    @exclusivity(unchecked) @usableFromInline var pending = EmissionQueue<Element>()
    @exclusivity(unchecked) @usableFromInline var pendingAdds: ContiguousArray<PendingAdd> = []
    /// Subscribers that other threads detached during an emission: the owner removes their slots
    /// and tells them when it has.
    @exclusivity(unchecked) @usableFromInline var pendingRemovals: ContiguousArray<SinkBase> = []
    @exclusivity(unchecked) @usableFromInline var nextKey: UInt64 = 1
    /// Set (under `lock`) when `pendingRemovals` is not empty; the owner reads it before each
    /// handler call, so a subscription detached by another thread gets no new delivery.
    @usableFromInline let removalsWaiting = Atomic<Bool>(false)

    // The observer slots: changed by the owner, or under `lock` while nobody owns emission.
    @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<SubjectSlot<Element>>?
    @exclusivity(unchecked) @usableFromInline var slotCount = 0
    @exclusivity(unchecked) @usableFromInline var slotCapacity = 0
    @exclusivity(unchecked) @usableFromInline var holes = 0
    /// Buffers replaced while an emission was delivering from them; freed when it ends.
    @exclusivity(unchecked) @usableFromInline var retired: [UnsafeMutableRawPointer] = []

    // (owner)
    /// The slot whose handler is running, and whether it was detached meanwhile.
    @exclusivity(unchecked) @usableFromInline var deliveringIndex = -1
    @exclusivity(unchecked) @usableFromInline var currentDetached = false
    @exclusivity(unchecked) @usableFromInline var replay: ContiguousArray<Element> = []
    /// Where the oldest value of a full `.buffer` ring sits in `replay`.
    @exclusivity(unchecked) @usableFromInline var replayHead = 0
    /// The stop event once delivered (`noStop` until then; the error is `stopError`).
    @exclusivity(unchecked) @usableFromInline var stopDelivered = SubjectCore.noStop

    @usableFromInline static var noStop: UInt8 { 0 }
    @usableFromInline static var completedStop: UInt8 { 1 }
    @usableFromInline static var errorStop: UInt8 { 2 }

    @inlinable
    init(mode: ReplayMode, initial: Element? = nil) {
        self.mode = mode
        subscribeEntry = { core, handler, subscriber in core.performSubscribe(handler, subscriber) }
        detachEntry = { core, subscriber in core.performDetach(subscriber) }
        disposeEntry = { core in core.performDispose() }
        shutDownEntry = { core in core.performShutDown() }
        super.init()
        if let initial {
            latest = initial
            replay.append(initial)
        }
    }

    deinit {
        // Reached once the subject and every subscriber are gone; `shutDown()` or a stop event
        // normally emptied the slots already.
        if let slots {
            slots.deinitialize(count: slotCount)
            slots.deallocate()
        }
        for buffer in retired { buffer.deallocate() }
    }

    // MARK: Sending

    /// Accepts an event from any thread; delivers it now or hands it to the thread that owns
    /// emission. Events after a stop event, or after `dispose()`, are ignored.
    @inlinable
    func send(_ event: Event<Element>) {
        lock.lock()
        if stopAccepted != SubjectCore.noStop || isDisposed {
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
        case .error(let error):
            stopAccepted = SubjectCore.errorStop
            stopError = error
        case .completed:
            stopAccepted = SubjectCore.completedStop
        }
        if emitting {
            let parker = enqueueWhileEmitting(event)
            withExtendedLifetime(previous) {}
            if let parker { waitParked(parker) }
            return
        }
        if slotCount == holes && !hasSlowWork && sendWithoutObservers(event, &previous) { return }
        emitting = true
        emitter = .current
        lock.unlock()
        withExtendedLifetime(previous) {}
        deliver(event)
        finishEmission()
    }

    /// Queues an event for the thread that owns emission, and unlocks; returns a parker when the
    /// sender must wait (kept out of line: the delivering path pays only the test).
    @inlinable @inline(never)
    func enqueueWhileEmitting(_ event: Event<Element>) -> Parker? {
        let parker = pending.offer(event, fromOwner: emitter == .current)
        lock.unlock()
        return parker
    }

    /// Waits as a parked sender until the owner has delivered this sender's event, or has handed
    /// it ownership (then delivers what waits). Out of line: only an overloaded send gets here.
    @inlinable @inline(never)
    func waitParked(_ parker: Parker) {
        if parker.park() == .owner { drainSlowPath() }
    }

    /// A send when nobody observes (called under the lock while nobody owns emission): updates
    /// what a later subscriber is replayed without taking ownership, unlocks, and returns `true`;
    /// `false` (lock still held) leaves stop events and replay buffers to the normal path. Kept
    /// out of line so the delivering path pays only the test.
    @inlinable @inline(never)
    func sendWithoutObservers(_ event: Event<Element>, _ previous: inout Element?) -> Bool {
        guard case .next(let value) = event else { return false }
        switch mode {
        case .none:
            lock.unlock()
            return true
        case .latest:
            // `previous` holds the old `latest`; the old replay value (the same one, or an older
            // one) is moved out too, and both are released after the lock.
            var replaced: Element? = value
            if replay.isEmpty { replay.append(value) } else { swap(&replaced!, &replay[0]) }
            lock.unlock()
            withExtendedLifetime((previous, replaced)) {}
            previous = nil
            return true
        case .buffer, .unbounded:
            return false
        }
    }

    /// Delivers one event to the current observers (owner only, no lock held).
    @inlinable
    func deliver(_ event: Event<Element>) {
        record(event)
        // Slots added during this event (reentrant subscribes) do not receive it.
        let count = slotCount
        var index = 0
        while index < count {
            // Another thread detached a subscription: it gets no new delivery.
            if removalsWaiting.load(ordering: .acquiring) { applyRemovals() }
            deliveringIndex = index
            // Read again each time: a reentrant subscribe may have grown the buffer.
            slots.unsafelyUnwrapped[index].deliver(event)
            if currentDetached { removeDetachedCurrent(index) }
            index += 1
        }
        deliveringIndex = -1
        if event.isStopEvent {
            // Released after the lock: dropping a handler may run user deinit code.
            lock.lock()
            let detached = takeAllSlots()
            lock.unlock()
            detached.release()
        }
    }

    /// Removes the slots of the subscriptions other threads detached, releases their handlers and
    /// tells their sinks (owner only, between two handler calls, no lock held).
    @inlinable @inline(never)
    func applyRemovals() {
        lock.lock()
        var removed = takePendingRemovals()
        lock.unlock()
        removed.finish()
    }

    /// Takes the slots of the subscriptions other threads detached (under `lock`, owner only): the
    /// caller releases them and tells their sinks after unlocking (`finish()`).
    @inlinable
    func takePendingRemovals() -> DetachedSlots<Element> {
        var removed = DetachedSlots<Element>()
        if pendingRemovals.isEmpty { return removed }
        for subscriber in pendingRemovals {
            if let index = slotIndex(forKey: subscriber.subjectKey) {
                let slot = takeSlot(at: index)
                if let handler = slot.handler { removed.handlers.append(handler) }
            }
            removed.subscribers.append(subscriber)
        }
        pendingRemovals.removeAll()
        removalsWaiting.store(false, ordering: .relaxed)
        return removed
    }

    /// Removes the slot whose handler detached its own subscription while it ran (owner only).
    @inlinable
    func removeDetachedCurrent(_ index: Int) {
        lock.lock()
        currentDetached = false
        let removed = takeSlot(at: index)
        lock.unlock()
        _ = consume removed
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
        case .error:
            stopDelivered = SubjectCore.errorStop
        case .completed:
            stopDelivered = SubjectCore.completedStop
        }
    }

    /// Runs the queued work that arrived during a delivery, then gives up ownership (owner only).
    @inlinable
    func finishEmission() {
        lock.lock()
        if pending.isEmpty && !hasSlowWork {
            emitting = false
            lock.unlock()
            return
        }
        lock.unlock()
        drainSlowPath()
    }

    /// Delivers what waits (joins, queued events), applies removals, and then gives up ownership
    /// or hands it to a parked sender (owner only; also where a parked sender starts once handed
    /// ownership).
    @inlinable
    func drainSlowPath() {
        var released = ContiguousArray<Parker>()
        while true {
            lock.lock()
            var removed = takePendingRemovals()
            let buffers = retired
            retired.removeAll()
            if !pendingAdds.isEmpty {
                let adds = pendingAdds
                pendingAdds.removeAll()
                var joins: [((Event<Element>) -> Void, [Event<Element>])] = []
                let stopped = stopDelivered != SubjectCore.noStop
                for added in adds {
                    if !stopped {  // a late joiner never joins
                        let key = nextKey
                        nextKey &+= 1
                        added.subscriber.subjectKey = key
                        appendSlot(added.handler, key: key)
                    }
                    joins.append((added.handler, replayEvents()))
                }
                hasSlowWork = isDisposed
                lock.unlock()
                for buffer in buffers { buffer.deallocate() }
                removed.finish()
                for (handler, events) in joins {
                    for event in events { handler(event) }
                }
                continue
            }
            if isDisposed {
                // `dispose()` during the emission left the observers and buffers to the owner.
                _ = pending.removeAll(releasing: &released)
            }
            switch pending.next(releasing: &released) {
            case .deliver(let event):
                hasSlowWork = isDisposed || !pendingRemovals.isEmpty
                if !isDisposed { compactIfNeeded() }
                lock.unlock()
                for buffer in buffers { buffer.deallocate() }
                removed.finish()
                released.wakeReleased()
                deliver(event)
            case .handOff(let successor):
                emitter = successor.thread
                lock.unlock()
                for buffer in buffers { buffer.deallocate() }
                removed.finish()
                released.wakeReleased()
                successor.wake(.owner)
                return
            case .done:
                emitting = false
                hasSlowWork = false
                var detached = SlotBatch<Element>()
                var dropped = ContiguousArray<Element>()
                if isDisposed {
                    detached = takeAllSlots()
                    swap(&dropped, &replay)
                } else {
                    compactIfNeeded()
                }
                lock.unlock()
                for buffer in buffers { buffer.deallocate() }
                removed.finish()
                detached.release()
                released.wakeReleased()
                withExtendedLifetime(dropped) {}
                return
            }
        }
    }

    /// The stop event once one was accepted.
    @inlinable
    var stopEvent: Event<Element>? {
        switch stopDelivered {
        case SubjectCore.errorStop: return .error(stopError ?? RxError.unknown)
        case SubjectCore.completedStop: return .completed
        default: return nil
        }
    }

    /// The events a new subscriber receives first (owner, or under the lock while nobody owns).
    @inlinable
    func replayEvents() -> [Event<Element>] {
        var events: [Event<Element>] = []
        switch mode {
        case .none: break
        case .latest, .buffer, .unbounded:
            // A BehaviorSubject replays only its stop event once it has stopped.
            if case .latest = mode, stopDelivered != SubjectCore.noStop { break }
            events.reserveCapacity(replay.count + 1)
            for offset in 0..<replay.count {
                events.append(.next(replay[(replayHead + offset) % replay.count]))
            }
        }
        if let stop = stopEvent { events.append(stop) }
        return events
    }

    // MARK: Subscribing

    /// Adds an observer, attaches `subscriber` to this core, and replays to it what the mode asks
    /// for.
    @inlinable
    func subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        subscribeEntry(self, handler, subscriber)
    }

    @inlinable
    func performSubscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        lock.lock()
        if isDisposed {
            lock.unlock()
            subscriber.attachNothing()
            handler(.error(RxError.disposed(object: self)))
            return
        }
        let key = nextKey
        nextKey &+= 1
        subscriber.subjectKey = key
        if emitting && emitter != .current {
            // Another thread is delivering: join at its next event boundary.
            pendingAdds.append(PendingAdd(handler: handler, key: key, subscriber: subscriber))
            hasSlowWork = true
            lock.unlock()
            subscriber.setUpstream(self)
            return
        }
        if stopDelivered != SubjectCore.noStop {
            let events = replayEvents()
            lock.unlock()
            subscriber.attachNothing()
            for event in events { handler(event) }
            return
        }
        if case .none = mode {
            appendSlot(consume handler, key: key)  // the caller's reference goes into the slot
            lock.unlock()
            subscriber.setUpstream(self)
            return
        }
        appendSlot(copy handler, key: key)  // also replayed to below
        let events = replayEvents()
        if emitting {
            // Reentrant subscribe from an observer on the owning thread: replay right away.
            lock.unlock()
            subscriber.setUpstream(self)
            for event in events { handler(event) }
            return
        }
        emitting = true
        emitter = .current
        lock.unlock()
        subscriber.setUpstream(self)
        for event in events { handler(event) }
        finishEmission()
    }

    /// Removes `subscriber`'s slot; never waits. Called on another thread during an emission, it
    /// leaves the removal to the owner (which calls the handler no more from its next check on)
    /// and returns `false`: the owner calls `subscriber.upstreamSettled()` once the handler, if it
    /// was running, has returned. The handler is released after the lock (its deinit may be user
    /// code).
    @usableFromInline
    override func detach(_ subscriber: SinkBase) -> Bool {
        detachEntry(self, subscriber)
    }

    @inlinable
    func performDetach(_ subscriber: SinkBase) -> Bool {
        lock.lock()
        let key = subscriber.subjectKey
        if !pendingAdds.isEmpty, let index = pendingAdds.firstIndex(where: { $0.key == key }) {
            let add = pendingAdds.remove(at: index)
            lock.unlock()
            withExtendedLifetime(add) {}
            return true
        }
        guard let index = slotIndex(forKey: key) else {
            lock.unlock()
            return true
        }
        if !emitting {
            let removed = takeSlot(at: index)
            compactIfNeeded()
            lock.unlock()
            _ = consume removed
            return true
        }
        if emitter == .current {
            if index == deliveringIndex {
                // Its handler is running (it disposed itself): removed when it returns.
                currentDetached = true
                lock.unlock()
                return true
            }
            let removed = takeSlot(at: index)  // compaction waits for the end of the emission
            lock.unlock()
            _ = consume removed
            return true
        }
        pendingRemovals.append(subscriber)
        removalsWaiting.store(true, ordering: .releasing)
        hasSlowWork = true
        lock.unlock()
        return false
    }

    /// Drops all observers and ignores every later event; later subscribers get `RxError.disposed`.
    @inlinable
    func dispose() { disposeEntry(self) }

    @inlinable
    func performDispose() {
        // Everything dropped here is released after the lock (handlers and values may run user
        // deinit code). While another emission is in progress its owner drops the observers.
        lock.lock()
        isDisposed = true
        var droppedLatest: Element?
        swap(&droppedLatest, &latest)
        var detached = SlotBatch<Element>()
        var droppedReplay = ContiguousArray<Element>()
        if emitting {
            hasSlowWork = true
        } else {
            detached = takeAllSlots()
            swap(&droppedReplay, &replay)
        }
        var droppedAdds = ContiguousArray<PendingAdd>()
        swap(&droppedAdds, &pendingAdds)
        var released = ContiguousArray<Parker>()
        let droppedQueue = pending.removeAll(releasing: &released)
        lock.unlock()
        detached.release()
        released.wakeReleased()
        withExtendedLifetime((droppedLatest, droppedReplay, droppedQueue, droppedAdds)) {}
    }

    /// The subject that owns this core is gone: nobody can send any more, so the observers'
    /// handlers (which usually retain their sinks, which retain this core) are dropped.
    @inlinable
    func shutDown() { shutDownEntry(self) }

    @inlinable
    func performShutDown() {
        lock.lock()
        var detached = SlotBatch<Element>()
        if !emitting { detached = takeAllSlots() }
        var droppedAdds = ContiguousArray<PendingAdd>()
        swap(&droppedAdds, &pendingAdds)
        lock.unlock()
        detached.release()
        withExtendedLifetime(droppedAdds) {}
    }

    /// Whether any observer is subscribed.
    @usableFromInline
    var hasObservers: Bool {
        lock.withLock { slotCount - holes > 0 || !pendingAdds.isEmpty }
    }

    // MARK: Slots (owner, or under `lock` while nobody owns emission)

    @inlinable
    func appendSlot(_ handler: consuming @escaping (Event<Element>) -> Void, key: UInt64) {
        if slotCount == slotCapacity {
            if holes > 0 && !emitting { compact() }
            if slotCount == slotCapacity { grow() }
        }
        // Keys grow with the index: `slotIndex(forKey:)` relies on it.
        assert(slotCount == 0 || slots.unsafelyUnwrapped[slotCount - 1].key < key, "slot keys out of order")
        (slots.unsafelyUnwrapped + slotCount).initialize(to: SubjectSlot(handler: handler, key: key))
        slotCount += 1
    }

    @inlinable
    func grow() {
        let capacity = Swift.max(2, slotCapacity * 2)
        let buffer = UnsafeMutablePointer<SubjectSlot<Element>>.allocate(capacity: capacity)
        if let old = slots {
            buffer.moveInitialize(from: old, count: slotCount)
            if emitting {
                retired.append(UnsafeMutableRawPointer(old))
                hasSlowWork = true
            } else {
                old.deallocate()
            }
        }
        slots = buffer
        slotCapacity = capacity
    }

    /// The index of the live slot with `key`, if any. Keys grow with the index, so while nothing
    /// was compacted away the key says where its slot is; otherwise a binary search finds it.
    @inlinable
    func slotIndex(forKey key: UInt64) -> Int? {
        guard let slots, slotCount > 0, key > 0 else { return nil }
        let first = slots[0].key
        if key >= first {
            let guess = key &- first
            if guess < UInt64(slotCount), slots[Int(guess)].key == key {
                return slots[Int(guess)].isLive ? Int(guess) : nil
            }
        }
        var low = 0
        var high = slotCount
        while low < high {
            let middle = (low + high) / 2
            let found = slots[middle].key
            if found == key { return slots[middle].isLive ? middle : nil }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Moves the slot at `index` out and leaves a hole with the same key in its place.
    @inlinable
    func takeSlot(at index: Int) -> SubjectSlot<Element> {
        let slot = slots.unsafelyUnwrapped + index
        let removed = slot.move()
        slot.initialize(to: SubjectSlot(holeWithKey: removed.key))
        holes += 1
        return removed
    }

    /// Empties the slot buffer; the caller releases the batch after unlocking.
    @inlinable
    func takeAllSlots() -> SlotBatch<Element> {
        let batch = SlotBatch(buffer: slots, count: slotCount)
        slots = nil
        slotCount = 0
        slotCapacity = 0
        holes = 0
        return batch
    }

    @inlinable
    func compactIfNeeded() {
        guard holes > 0 else { return }
        if holes == slotCount || (holes >= 16 && holes * 2 > slotCount) { compact() }
    }

    /// Drops the holes, keeping the order (and so the keys' order) of the live slots.
    @inlinable
    func compact() {
        guard let slots else { return }
        var kept = 0
        for index in 0..<slotCount {
            let slot = slots + index
            if slot.pointee.isLive {
                if kept != index { (slots + kept).moveInitialize(from: slot, count: 1) }
                kept += 1
            } else {
                slot.deinitialize(count: 1)
            }
        }
        slotCount = kept
        holes = 0
    }
}
