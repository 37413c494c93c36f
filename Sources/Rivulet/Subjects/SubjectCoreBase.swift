/// The delivery engine shared by every subject and relay, in two halves: this one, which does not
/// depend on the element type (compiled once, in Rivulet), and `SubjectCore<Element>`, which holds
/// the values and delivers them (specialised where the subject is sent to).
///
/// One thread at a time *owns emission*: it delivers an event to the observers with no lock held,
/// then takes the lock briefly to pick up whatever arrived meanwhile (a batch of up to
/// `EmissionQueue.capacity` queued events per lock hold). Sends from other threads,
/// and reentrant sends from an observer, are queued (`EmissionQueue`: bounded for other threads,
/// whose senders park when it is full) and delivered in order (breadth-first: every observer sees
/// event *n* before any sees *n + 1*); an owner that has delivered its share of other threads'
/// events hands ownership to a parked sender. Subscriptions made by another thread during an
/// emission join at the next event boundary (the end of a batch). A `dispose()` from another thread never waits: it
/// marks the observer for removal, and the owner, which checks for removals before each handler
/// call, calls it no more, removes it once its handler (if running) has returned, and then tells
/// its sink (`upstreamSettled()`).
///
/// The observers live in one buffer of slots: the handler and a key. The first buffer (two slots)
/// is inside the core itself. The subscriber's sink is not
/// a separate subscription object: its upstream is this core, and it remembers its slot's key, so
/// subscribing costs no allocation beyond the buffer's growth and unsubscribing finds the slot by
/// key (at once while no slot has moved, by binary search after a compaction). Slots are
/// `~Copyable`, so the delivery loop calls each handler where it lies, at +0: an event pays no
/// reference counting. While a handler runs, neither it nor the buffer it was called from is
/// released: a handler that disposes its own subscription has its slot taken out at once (by
/// `detach`, under the lock it holds anyway) and is released after it returns, and a buffer that
/// grows during an emission is freed when the emission ends.
///
/// Everything here but the values — subscribing, detaching, removals, the emission protocol, the
/// slot buffer, shutting down — sees handlers with their element type erased (`ErasedHandler`,
/// `ErasedSlot`), so it is compiled once, here, instead of once per element type in every module
/// that creates a subject; and it never looks up generic metadata. The element type comes back in
/// `SubjectCore<Element>`, through the class methods it overrides (replaying, delivering an error
/// to a new subscriber, dropping values, delivering a batch of queued events).
@usableFromInline
class SubjectCoreBase: SubscriptionNode, @unchecked Sendable {
    // @unchecked Sendable: fields marked (lock) are guarded by `lock`; fields marked (owner) are
    // only touched by the thread that owns emission, or under `lock` while nobody does.

    /// A subscriber that joins at the owner's next event boundary. Its key finds it while it
    /// waits (keys grow in the order of `pendingAdds`, so by binary search); it gets a new one when
    /// it joins, so that the slots' keys stay in order (a reentrant subscribe during the same
    /// emission may have joined since, with a larger key). A subscriber detached while it waits
    /// leaves a hole (`subscriber` and `handler` `nil`) instead of shifting the ones after it.
    struct PendingAdd {
        var handler: ErasedHandler?
        let key: UInt64
        var subscriber: SinkBase?
    }

    @usableFromInline let lock = Lock.make()
    /// How many values a new subscriber is replayed at most: 0 (`.none`), 1 (`.latest`,
    /// `.buffer(1)`), the buffer size, or `Int.max` (`.unbounded`).
    @usableFromInline let replayLimit: Int
    /// Whether new subscribers are replayed values (every replay mode but `.none`).
    @inlinable final var replaysValues: Bool { replayLimit > 0 }

    // (lock)
    @exclusivity(unchecked) @usableFromInline final var emitting = false
    @exclusivity(unchecked) @usableFromInline final var emitter = ThreadID(raw: 0)
    @exclusivity(unchecked) @usableFromInline final var isDisposed = false
    /// The stop event once accepted: `noStop`, `completedStop` or `errorStop` (with `stopError`).
    @exclusivity(unchecked) @usableFromInline final var stopAccepted = SubjectCoreBase.noStop
    @exclusivity(unchecked) @usableFromInline final var stopError: Swift.Error?
    /// Set when the owner has more to do than deliver the queue at the end of an event: pending
    /// subscribers or removals, retired buffers, or a `dispose()` during the emission.
    @exclusivity(unchecked) @usableFromInline final var hasSlowWork = false
    /// How many events wait in `SubjectCore.pending` (kept by the element-typed half).
    @exclusivity(unchecked) @usableFromInline final var queuedEvents = 0
    @exclusivity(unchecked) final var pendingAdds: ContiguousArray<PendingAdd> = []
    /// How many entries of `pendingAdds` are not holes.
    @exclusivity(unchecked) final var pendingAddsLive = 0
    /// Subscribers that other threads detached during an emission: the owner removes their slots
    /// and tells them when it has.
    @exclusivity(unchecked) final var pendingRemovals: ContiguousArray<SinkBase> = []
    @exclusivity(unchecked) final var nextKey: UInt64 = 1
    /// Whether a subscriber that is not quiet has subscribed (see `whenSubscribed(_:)`).
    @exclusivity(unchecked) final var hasLoudSubscriber = false
    /// Run once, outside the lock, when the next subscriber that is not quiet subscribes (see
    /// `whenSubscribed(_:)`).
    @exclusivity(unchecked) final var subscribeHook: (() -> Void)?
    /// Set (under `lock`) when `pendingRemovals` is not empty; the owner reads it before each
    /// handler call, so a subscription detached by another thread gets no new delivery.
    @usableFromInline let removalsWaiting = AtomicCell<Bool>(false)
    /// Set (under `lock`) by `dispose()`; the owner reads it before each event of a batch it took
    /// from the queue, so nothing starts after `dispose()` has returned.
    @usableFromInline let disposedWhileEmitting = AtomicCell<Bool>(false)

    // The observer slots: changed by the owner, or under `lock` while nobody owns emission.
    @exclusivity(unchecked) @usableFromInline final var slots: UnsafeMutablePointer<ErasedSlot>?
    @exclusivity(unchecked) @usableFromInline final var slotCount = 0
    @exclusivity(unchecked) final var slotCapacity = 0
    @exclusivity(unchecked) @usableFromInline final var holes = 0
    /// Buffers replaced while an emission was delivering from them; freed when it ends.
    @exclusivity(unchecked) final var retired: [UnsafeMutableRawPointer] = []

    // (owner)
    /// The parked sender to hand ownership to once the batch being delivered is out: the queue
    /// named it while the owner was taking that batch.
    @exclusivity(unchecked) final var successor: Parker?
    /// The slot whose handler is running, and whether it was detached meanwhile.
    @exclusivity(unchecked) @usableFromInline final var deliveringIndex = -1
    @exclusivity(unchecked) @usableFromInline final var currentDetached = false
    /// The running handler's slot once its subscription was detached on the owning thread (it
    /// disposed itself): taken out of the buffer by `detach`, under the lock it holds anyway, and
    /// released, with no lock, once the handler has returned (`releaseDetachedCurrent()`).
    @exclusivity(unchecked) final var detachedCurrent: ErasedSlot?
    /// The stop event once delivered (`noStop` until then; the error is `stopError`).
    @exclusivity(unchecked) @usableFromInline final var stopDelivered = SubjectCoreBase.noStop

    /// Room for the first two slots inside the core: a subject with one or two observers
    /// allocates no buffer for them. Plain words, so Swift neither copies nor destroys what the
    /// slots hold there; the core binds them to `ErasedSlot` once (`init`) and manages those slots
    /// as it does a heap buffer's. Handed out once (`inlineSlotsUsed`): after the slots were taken
    /// (stop, `dispose()`, `shutDown()`) a later buffer is a heap one, so a `SlotBatch` released
    /// after the lock never shares its memory with new slots.
    @exclusivity(unchecked) final var inlineSlotWords = InlineSlotWords()
    @exclusivity(unchecked) final var inlineSlotsUsed = false

    @usableFromInline static var noStop: UInt8 { 0 }
    @usableFromInline static var completedStop: UInt8 { 1 }
    @usableFromInline static var errorStop: UInt8 { 2 }

    @usableFromInline
    init(replayLimit: Int) {
        self.replayLimit = replayLimit
        super.init()
        withUnsafeMutableBytes(of: &inlineSlotWords) { _ = $0.bindMemory(to: ErasedSlot.self) }
    }

    deinit {
        // Reached once the subject and every subscriber are gone; `shutDown()` or a stop event
        // normally emptied the slots already.
        if let slots {
            slots.deinitialize(count: slotCount)
            if slots != inlineSlots { slots.deallocate() }
        }
        for buffer in retired { buffer.deallocate() }
    }

    // MARK: What the element-typed half provides

    /// Delivers the replay (values for the replaying modes, then the stop event once one was
    /// delivered) to a new observer. Owner only.
    func replay(to handler: ErasedHandler) {}

    /// Delivers `.error(error)` to an observer that was never added.
    func deliverError(_ error: Swift.Error, to handler: ErasedHandler) {}

    /// Drops the replayed values after a `dispose()` that happened during an emission, once that
    /// emission has ended (nothing reads them any more).
    func dropReplayAfterDispose() {}

    /// Under the lock: takes a batch of waiting events for delivery (`.deliver`), or says that the
    /// owner hands ownership on or is done (`SubjectCore.takeBatch`).
    func takeBatch(_ released: inout ContiguousArray<Parker>) -> EmissionControl.Step { .done }

    /// Delivers the batch of queued events the owner took (`SubjectCore.batch`; owner only, no
    /// lock held): events sent while another thread delivered, or reentrantly.
    @usableFromInline
    func deliverQueuedBatch() {}

    // MARK: Ending an emission

    /// Runs the queued work that arrived during a delivery, then gives up ownership (owner only).
    @inlinable
    final func finishEmission() {
        lock.lock()
        if queuedEvents == 0 && !hasSlowWork {
            emitting = false
            lock.unlock()
            return
        }
        lock.unlock()
        drainSlowPath()
    }

    /// Waits as a parked sender until the owner has delivered this sender's event, or has handed
    /// it ownership (then delivers what waits). Only an overloaded send gets here.
    @usableFromInline
    final func waitParked(_ parker: Parker) {
        if parker.park() == .owner { drainSlowPath() }
    }

    /// Delivers what waits (joins, queued events), applies removals, and then gives up ownership
    /// or hands it to a parked sender (owner only; also where a parked sender starts once handed
    /// ownership).
    @usableFromInline
    final func drainSlowPath() {
        var released = ContiguousArray<Parker>()
        while true {
            lock.lock()
            var removed = takePendingRemovals()
            let buffers = retired
            retired.removeAll()
            if !pendingAdds.isEmpty {
                let adds = takePendingAdds()
                var joins = ContiguousArray<ErasedHandler>()
                let stopped = stopDelivered != SubjectCoreBase.noStop
                for added in adds {
                    guard let handler = added.handler, let subscriber = added.subscriber else { continue }
                    if !stopped {  // a late joiner never joins
                        let key = nextKey
                        nextKey &+= 1
                        subscriber.subjectKey = key
                        appendSlot(handler, key: key)
                    }
                    joins.append(handler)
                }
                hasSlowWork = isDisposed
                lock.unlock()
                for buffer in buffers { buffer.deallocate() }
                removed.finish()
                // The owner replays: nothing is delivered meanwhile, so each joiner receives the
                // state at its join.
                if replaysValues || stopped {
                    for handler in joins { replay(to: handler) }
                }
                continue
            }
            switch takeBatch(&released) {
            case .deliver:
                beforeQueuedDelivery(&released, &removed, buffers)
                deliverQueuedBatch()
                continue
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
                // A `dispose()` during the emission left the observers and the replay to the
                // owner.
                var detached = SlotBatch()
                let disposed = isDisposed
                if disposed {
                    detached = takeAllSlots()
                } else {
                    compactIfNeeded()
                }
                lock.unlock()
                for buffer in buffers { buffer.deallocate() }
                removed.finish()
                detached.release()
                released.wakeReleased()
                if disposed { dropReplayAfterDispose() }
                return
            }
        }
    }

    /// What the owner does, under the lock, before it delivers a batch of queued events: the
    /// bookkeeping of this step of `drainSlowPath`; unlocks, then releases what the step took out.
    @usableFromInline
    final func beforeQueuedDelivery(
        _ released: inout ContiguousArray<Parker>, _ removed: inout DetachedSlots, _ buffers: [UnsafeMutableRawPointer]
    ) {
        hasSlowWork = isDisposed || !pendingRemovals.isEmpty
        if !isDisposed { compactIfNeeded() }
        lock.unlock()
        for buffer in buffers { buffer.deallocate() }
        removed.finish()
        released.wakeReleased()
    }

    /// Removes the slots of the subscriptions other threads detached, releases their handlers and
    /// tells their sinks (owner only, between two handler calls, no lock held).
    @usableFromInline
    final func applyRemovals() {
        lock.lock()
        var removed = takePendingRemovals()
        lock.unlock()
        removed.finish()
    }

    /// Takes the slots of the subscriptions other threads detached (under `lock`, owner only): the
    /// caller releases them and tells their sinks after unlocking (`finish()`).
    final func takePendingRemovals() -> DetachedSlots {
        var removed = DetachedSlots()
        if pendingRemovals.isEmpty { return removed }
        for subscriber in pendingRemovals {
            if let index = slotIndex(forKey: subscriber.subjectKey) {
                let slot = takeSlot(at: index)
                if let handler = slot.handler { removed.handlers.append(ErasedHandler(function: handler)) }
            }
            removed.subscribers.append(subscriber)
        }
        pendingRemovals.removeAll()
        removalsWaiting.store(false, ordering: .relaxed)
        return removed
    }

    /// Releases the handler that detached its own subscription while it ran, now that it has
    /// returned (owner only; `detach` already took its slot out of the buffer, so no lock).
    @usableFromInline
    final func releaseDetachedCurrent() {
        currentDetached = false
        detachedCurrent = nil
    }

    /// Drops every observer after the stop event was delivered (owner only); the handlers are
    /// released after the lock (dropping one may run user deinit code).
    @usableFromInline
    final func releaseSlotsAfterStop() {
        lock.lock()
        let detached = takeAllSlots()
        lock.unlock()
        detached.release()
    }

    // MARK: Subscribing

    /// Adds an observer, attaches `subscriber` to this core, and replays to it what the mode asks
    /// for. A `quiet` subscriber does not count for `whenSubscribed(_:)`.
    @usableFromInline
    final func subscribeErased(_ handler: consuming ErasedHandler, _ subscriber: SinkBase, quiet: Bool = false) {
        lock.lock()
        var hook: (() -> Void)? = nil
        defer { hook?() }  // every path below unlocks before it returns
        if !quiet {
            hasLoudSubscriber = true
            if subscribeHook != nil { hook = subscribeHook.take() }
        }
        if isDisposed {
            lock.unlock()
            subscriber.attachNothing()
            deliverError(RxError.disposed(object: self), to: handler)
            return
        }
        let key = nextKey
        nextKey &+= 1
        subscriber.subjectKey = key
        if emitting && emitter != .current {
            // Another thread is delivering: join at its next event boundary.
            pendingAdds.append(PendingAdd(handler: handler, key: key, subscriber: subscriber))
            pendingAddsLive += 1
            hasSlowWork = true
            lock.unlock()
            subscriber.setUpstream(self)
            return
        }
        if stopDelivered != SubjectCoreBase.noStop {
            // A late subscriber receives the replay and the stop event, and never joins. It is
            // replayed as the owner of emission, like every replay.
            let owns = !emitting
            if owns {
                emitting = true
                emitter = .current
            }
            lock.unlock()
            subscriber.attachNothing()
            replay(to: handler)
            if owns { finishEmission() }
            return
        }
        if !replaysValues {
            appendSlot(consume handler, key: key)  // the caller's reference goes into the slot
            lock.unlock()
            subscriber.setUpstream(self)
            return
        }
        appendSlot(copy handler, key: key)  // also replayed to below
        if emitting {
            // Reentrant subscribe from an observer on the owning thread: replay right away.
            lock.unlock()
            subscriber.setUpstream(self)
            replay(to: handler)
            return
        }
        emitting = true
        emitter = .current
        lock.unlock()
        subscriber.setUpstream(self)
        replay(to: handler)
        finishEmission()
    }

    /// Removes `subscriber`'s slot; never waits. Called on another thread during an emission, it
    /// leaves the removal to the owner (which calls the handler no more from its next check on)
    /// and returns `false`: the owner calls `subscriber.upstreamSettled()` once the handler, if it
    /// was running, has returned. The handler is released after the lock (its deinit may be user
    /// code).
    @usableFromInline
    override final func detach(_ subscriber: SinkBase) -> Bool {
        lock.lock()
        let key = subscriber.subjectKey
        if pendingAddsLive > 0, let index = pendingAddIndex(forKey: key) {
            let add = pendingAdds[index]
            pendingAdds[index].handler = nil
            pendingAdds[index].subscriber = nil
            pendingAddsLive -= 1
            if pendingAddsLive == 0 { pendingAdds.removeAll(keepingCapacity: true) }  // only holes
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
                // Its handler is running (it disposed itself). The slot is taken out now, while the
                // lock is held, and the handler released once it returns: the running call has
                // read its function and context already, and the context stays alive meanwhile.
                detachedCurrent = takeSlot(at: index)
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

    /// The subject that owns this core is gone: nobody can send any more, so the observers'
    /// handlers (which usually retain their sinks, which retain this core) are dropped.
    @usableFromInline
    final func shutDown() {
        lock.lock()
        var detached = SlotBatch()
        if !emitting { detached = takeAllSlots() }
        let droppedAdds = takePendingAdds()
        lock.unlock()
        detached.release()
        withExtendedLifetime(droppedAdds) {}
    }

    /// Runs `action` once, on the subscribing thread after this core's lock is released, when
    /// the next subscriber that is not quiet subscribes; returns `false`, and keeps nothing, if one
    /// has subscribed already. (How RivuletCombine's `PassthroughSubject` learns that a `sink` has
    /// asked for every value, without a check on the `sink`'s own path.)
    package final func whenSubscribed(_ action: @escaping () -> Void) -> Bool {
        lock.lock()
        if hasLoudSubscriber {
            lock.unlock()
            return false
        }
        subscribeHook = action
        lock.unlock()
        return true
    }

    /// Whether any observer is subscribed.
    @usableFromInline
    final var hasObservers: Bool {
        lock.withLock { slotCount - holes > 0 || pendingAddsLive > 0 }
    }

    /// The index in `pendingAdds` of the waiting subscriber with `key`, if it still waits: a binary
    /// search, since keys grow along the array (under the lock).
    final func pendingAddIndex(forKey key: UInt64) -> Int? {
        var low = 0
        var high = pendingAdds.count
        while low < high {
            let middle = (low + high) / 2
            let found = pendingAdds[middle].key
            if found == key { return pendingAdds[middle].subscriber == nil ? nil : middle }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Takes the subscribers waiting to join (under the lock; released by the caller after it).
    final func takePendingAdds() -> ContiguousArray<PendingAdd> {
        var adds = ContiguousArray<PendingAdd>()
        swap(&adds, &pendingAdds)
        pendingAddsLive = 0
        return adds
    }

    // MARK: Slots (owner, or under `lock` while nobody owns emission)

    final func appendSlot(_ handler: consuming ErasedHandler, key: UInt64) {
        if slotCount == slotCapacity {
            if holes > 0 && !emitting { compact() }
            if slotCount == slotCapacity { grow() }
        }
        // Keys grow with the index: `slotIndex(forKey:)` relies on it.
        assert(slotCount == 0 || slots.unsafelyUnwrapped[slotCount - 1].key < key, "slot keys out of order")
        (slots.unsafelyUnwrapped + slotCount).initialize(to: ErasedSlot(handler: handler, key: key))
        slotCount += 1
    }

    final func grow() {
        if slots == nil && !inlineSlotsUsed {
            inlineSlotsUsed = true
            slots = inlineSlots
            slotCapacity = InlineSlotWords.capacity
            return
        }
        let capacity = Swift.max(2, slotCapacity * 2)
        let buffer = UnsafeMutablePointer<ErasedSlot>.allocate(capacity: capacity)
        if let old = slots {
            buffer.moveInitialize(from: old, count: slotCount)
            if old == inlineSlots {
                // Nothing to free; a handler running from there keeps running (its context moved
                // with the slot), and the words are never handed out again.
            } else if emitting {
                retired.append(UnsafeMutableRawPointer(old))
                hasSlowWork = true
            } else {
                old.deallocate()
            }
        }
        slots = buffer
        slotCapacity = capacity
    }

    /// The slots inside the core (`inlineSlotWords`).
    final var inlineSlots: UnsafeMutablePointer<ErasedSlot> {
        withUnsafeMutableBytes(of: &inlineSlotWords) {
            $0.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: ErasedSlot.self)
        }
    }

    /// The index of the live slot with `key`, if any. Keys grow with the index, so while nothing
    /// was compacted away the key says where its slot is; otherwise a binary search finds it.
    final func slotIndex(forKey key: UInt64) -> Int? {
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
    final func takeSlot(at index: Int) -> ErasedSlot {
        let slot = slots.unsafelyUnwrapped + index
        let removed = slot.move()
        slot.initialize(to: ErasedSlot(holeWithKey: removed.key))
        holes += 1
        return removed
    }

    /// Empties the slot buffer; the caller releases the batch after unlocking.
    final func takeAllSlots() -> SlotBatch {
        let batch = SlotBatch(buffer: slots, count: slotCount, owned: slots != inlineSlots)
        slots = nil
        slotCount = 0
        slotCapacity = 0
        holes = 0
        return batch
    }

    final func compactIfNeeded() {
        guard holes > 0 else { return }
        if holes == slotCount || (holes >= 16 && holes * 2 > slotCount) { compact() }
    }

    /// Drops the holes, keeping the order (and so the keys' order) of the live slots.
    final func compact() {
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
