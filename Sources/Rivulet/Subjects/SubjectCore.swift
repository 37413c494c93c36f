/// The element-typed half of a subject's core: the values (the current one, the replay, the
/// queue of events waiting for the owner) and their delivery. What runs per event — `send`, the
/// delivery loop, recording the replayed value, queueing — is inlinable, so it is specialised
/// where the subject is sent to, and kept small; what runs once per subscriber or per subject
/// (replaying, `dispose()`, a replay buffer of more than one value) is compiled once, here,
/// unspecialised.
@usableFromInline
final class SubjectCore<Element>: SubjectCoreBase, @unchecked Sendable {
    // @unchecked Sendable: as `SubjectCoreBase`; `values.latest` and `pending` are (lock), the
    // replay fields (`values.replayLast` among them) and `batch` are (owner).

    /// What a new subscriber is replayed.
    @usableFromInline
    enum ReplayMode {
        case none
        case latest
        case buffer(Int)
        case unbounded
    }

    @usableFromInline let mode: ReplayMode

    /// The last accepted value (`.latest`) and the replayed value when `replayLimit` is 1, in an
    /// object of their own made only for those modes (`nil` otherwise). Fields of type `Element?`
    /// in the core itself cost every subject's release two run-time look-ups of
    /// `Optional<Element>`'s metadata (~320 instructions: the core's deinit is generic code run
    /// unspecialised), where a `PublishSubject` keeps neither value.
    @usableFromInline let values: KeptValues<Element>?

    // (lock)
    /// Events sent while a thread owns emission, and the senders parked behind them.
    @exclusivity(unchecked) @usableFromInline var pending = EmissionQueue<Element>()

    // (owner)
    /// The events the owner took from `pending` in one lock hold and delivers before it takes the
    /// lock again (at most `EmissionQueue.capacity`).
    @exclusivity(unchecked) @usableFromInline var batch = EventRing<Element>()

    // (owner)
    /// The replayed values when `replayLimit` is more than 1: a ring once full.
    @exclusivity(unchecked) var replayBuffer: ContiguousArray<Element> = []
    /// Where the oldest value of a full ring sits in `replayBuffer`.
    @exclusivity(unchecked) var replayHead = 0

    @inlinable
    init(mode: ReplayMode) {
        self.mode = mode
        let limit: Int
        switch mode {
        case .none: limit = 0
        case .latest: limit = 1
        case .buffer(let size): limit = Swift.max(0, size)
        case .unbounded: limit = Int.max
        }
        values = limit == 1 ? KeptValues() : nil
        super.init(replayLimit: limit)
    }

    /// A `.latest` core holding `initial`.
    convenience init(latest initial: Element) {
        self.init(mode: .latest)
        values.unsafelyUnwrapped.latest = initial
        values.unsafelyUnwrapped.replayLast = initial
    }

    /// The last accepted value of a `.latest` core (`nil` once disposed, and for other modes).
    /// Read under `lock`.
    @inlinable
    var latest: Element? { values?.latest }

    /// `handler` as the element-independent half keeps it. The function value is reinterpreted
    /// inside a struct (`TypedHandler` and `ErasedHandler` have the same layout), so it is not
    /// converted; both structs have a fixed layout whatever `Element` is, so this runs no generic
    /// code even where it is not specialised.
    @inlinable
    static func erase(_ handler: consuming @escaping (Event<Element>) -> Void) -> ErasedHandler {
        unsafeBitCast(TypedHandler(function: handler), to: ErasedHandler.self)
    }

    /// An erased handler of this core back with its element type.
    static func typed(_ handler: ErasedHandler) -> (Event<Element>) -> Void {
        unsafeBitCast(handler, to: TypedHandler<Element>.self).function
    }

    // MARK: Sending

    /// Accepts an event from any thread; delivers it now or hands it to the thread that owns
    /// emission. Events after a stop event, or after `dispose()`, are ignored.
    @inlinable
    func send(_ event: Event<Element>) {
        lock.lock()
        if stopAccepted != SubjectCoreBase.noStop || isDisposed {
            lock.unlock()
            return
        }
        // The value `latest` held is released after the lock (its deinit is user code).
        var previous: Element?
        switch event {
        case .next(let value):
            if case .latest = mode {
                previous = value
                swap(&previous, &values.unsafelyUnwrapped.latest)
            }
        case .error(let error):
            stopAccepted = SubjectCoreBase.errorStop
            stopError = error
        case .completed:
            stopAccepted = SubjectCoreBase.completedStop
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

    /// `send(.next(value))`, never inlined: one specialised copy per element type serves every
    /// relay `accept` of a module (relays are sent to from many bindings).
    @inlinable @inline(never)
    func sendNext(_ value: Element) {
        send(.next(value))
    }

    /// Queues an event for the thread that owns emission, and unlocks; returns a parker when the
    /// sender must wait. Compiled once, here, for every element type: `QueuedEvent` is
    /// `Event<Element>`, whose metadata the specialised `send` passes along (a cached accessor),
    /// so copying the event into the ring looks nothing up at run time. `EventRing.append` is
    /// written out below for the same reason as the ring's `removeFirst` in `deliverQueuedBatch`:
    /// called as a generic function here it would look up the ring's metadata per event.
    @usableFromInline
    final func enqueueWhileEmitting<QueuedEvent>(_ event: borrowing QueuedEvent) -> Parker? {
        enqueueWhileEmittingOnce(event)
    }

    /// `enqueueWhileEmitting`'s body, internal so that cross-module optimisation does not hand it
    /// to the modules that send to a subject.
    final func enqueueWhileEmittingOnce<QueuedEvent>(_ event: borrowing QueuedEvent) -> Parker? {
        assert(QueuedEvent.self == Event<Element>.self, "a subject queues its own events")
        if pending.events.count == pending.events.capacity { pending.events.grow() }
        var index = pending.events.head + pending.events.count
        if index >= pending.events.capacity { index -= pending.events.capacity }
        // Raw arithmetic: the stride comes from `QueuedEvent`'s metadata, which was passed in.
        (UnsafeMutableRawPointer(pending.events.buffer.unsafelyUnwrapped) + index * MemoryLayout<QueuedEvent>.stride)
            .assumingMemoryBound(to: QueuedEvent.self).initialize(to: copy event)
        pending.events.count += 1
        let parker = pending.control.offer(
            fromOwner: emitter == .current, mayPark: true, owner: WaitForGraph.key(emitter), sender: nil)
        queuedEvents += 1
        lock.unlock()
        return parker
    }

    /// A send when nobody observes (called under the lock while nobody owns emission): updates
    /// what a later subscriber is replayed without taking ownership, unlocks, and returns `true`;
    /// `false` (lock still held) leaves stop events and replay buffers to the normal path. Kept
    /// out of line so the delivering path pays only the test. (Specialised: a relay nobody
    /// observes yet is sent to per event, as the keyboard's are in B5; unspecialised, its
    /// metadata look-ups cost B5 a quarter more instructions.)
    @inlinable @inline(never)
    func sendWithoutObservers(_ event: Event<Element>, _ previous: inout Element?) -> Bool {
        guard case .next(let value) = event else { return false }
        switch mode {
        case .none:
            lock.unlock()
            return true
        case .latest:
            // `previous` holds the old `latest`; the old replayed value (the same one, or an
            // older one) is moved out too, and both are released after the lock.
            var replaced: Element? = value
            swap(&replaced, &values.unsafelyUnwrapped.replayLast)
            lock.unlock()
            withExtendedLifetime((previous, replaced)) {}
            previous = nil
            return true
        case .buffer, .unbounded:
            return false
        }
    }

    /// Delivers one event to the current observers (owner only, no lock held): records it for
    /// the replay (specialised, where it is sent), then calls the handlers in `deliverToSlots`.
    @inlinable
    func deliver(_ event: Event<Element>) {
        record(event)
        deliverToSlots(event, isStop: event.isStopEvent)
    }

    /// Calls every current observer's handler with `event` (owner only, no lock held). Compiled
    /// once, here, and run unspecialised: it never looks at the event, which generic code passes
    /// by address, as the handlers take it, so it needs no metadata; the caller says whether it is
    /// a stop event.
    @usableFromInline
    final func deliverToSlots(_ event: borrowing Event<Element>, isStop: Bool) {
        deliverToSlotsOnce(event, isStop: isStop)
    }

    /// `deliverToSlots`' body, internal so that cross-module optimisation does not hand it to the
    /// modules that send to a subject.
    final func deliverToSlotsOnce(_ event: borrowing Event<Element>, isStop: Bool) {
        // Slots added during this event (reentrant subscribes) do not receive it.
        let count = slotCount
        var index = 0
        while index < count {
            // Another thread detached a subscription: it gets no new delivery.
            if removalsWaiting.load(ordering: .acquiring) { applyRemovals() }
            deliveringIndex = index
            // Read again each time: a reentrant subscribe may have grown the buffer. The slot is
            // seen with its element type (the same layout, fixed whatever the element type, so no
            // metadata is looked up) and its handler called where it lies. Not through
            // `withMemoryRebound`: the rebinding in the loop cost 3 ns per delivery (B4). This
            // loop is the only code that sees slots typed this way.
            UnsafeMutableRawPointer(slots.unsafelyUnwrapped + index).assumingMemoryBound(to: SubjectSlot<Element>.self)
                .pointee.deliver(event)
            if currentDetached { releaseDetachedCurrent() }
            index += 1
        }
        deliveringIndex = -1
        if isStop { releaseSlotsAfterStop() }
    }

    /// Under the lock: moves a batch of waiting events into `batch` (`.deliver`), or says that the
    /// owner hands ownership on or is done. Compiled once, here: it moves events but never
    /// delivers them.
    ///
    /// The batch is what waits, up to `EmissionQueue.capacity` events, taken in this one lock
    /// hold: a sender on another core queues its next events while the owner delivers these, and
    /// the two meet on the lock once per batch instead of twice per event. Where the queue hands
    /// ownership on in the middle, the batch stops there and the successor is handed ownership
    /// after it (`successor`).
    override func takeBatch(_ released: inout ContiguousArray<Parker>) -> EmissionControl.Step {
        if let successor {
            self.successor = nil
            pending.handOver(to: successor)
            return .handOff(successor)
        }
        if isDisposed {
            // `dispose()` during the emission left the observers and buffers to the owner.
            _ = pending.removeAll(releasing: &released)
            queuedEvents = 0
        }
        let step = pending.takeBatch(into: &batch, successor: &successor, releasing: &released)
        queuedEvents -= batch.count
        return step
    }

    /// Drops what is left of a batch after a `dispose()` (owner only, no lock held).
    @usableFromInline
    func dropBatch() {
        batch.removeAll()
    }

    /// Delivers the batch the owner took from the queue, stopping at a `dispose()` of the subject:
    /// no queued event starts after it has returned. Compiled once, here, and run unspecialised
    /// (events queue only when a send meets another thread's delivery, or reentrantly): one
    /// look-up of `Event<Element>`'s metadata per batch, the ring and the replay record written
    /// out below so that no generic function is called per event.
    @usableFromInline
    override func deliverQueuedBatch() {
        while batch.count > 0 {
            if disposedWhileEmitting.load(ordering: .acquiring) {
                dropBatch()
                return
            }
            // `EventRing.removeFirst` and `record`, written out: called as generic functions here
            // they cost a look-up of `EventRing<Element>`'s metadata per event.
            let event = (batch.buffer.unsafelyUnwrapped + batch.head).move()
            batch.head = batch.head + 1 == batch.capacity ? 0 : batch.head + 1
            batch.count -= 1
            let isStop: Bool
            switch event {
            case .next(let value):
                isStop = false
                if replayLimit == 1 {
                    values.unsafelyUnwrapped.replayLast = value
                } else if replayLimit > 1 {
                    recordInBuffer(value)
                }
            case .error:
                isStop = true
                stopDelivered = SubjectCoreBase.errorStop
            case .completed:
                isStop = true
                stopDelivered = SubjectCoreBase.completedStop
            }
            deliverToSlotsOnce(event, isStop: isStop)
        }
    }

    /// Updates the state replayed to new subscribers (owner only).
    @inlinable
    func record(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if replayLimit == 1 {
                values.unsafelyUnwrapped.replayLast = value
            } else if replayLimit > 1 {
                recordInBuffer(value)
            }
        case .error:
            stopDelivered = SubjectCoreBase.errorStop
        case .completed:
            stopDelivered = SubjectCoreBase.completedStop
        }
    }

    /// Keeps `value` in the replay buffer of more than one value (owner only; unspecialised).
    @usableFromInline
    func recordInBuffer(_ value: Element) {
        if replayBuffer.count < replayLimit {
            replayBuffer.append(value)
        } else {
            // A full buffer is a ring: overwrite the oldest value, O(1) per event.
            replayBuffer[replayHead] = value
            replayHead = replayHead + 1 == replayLimit ? 0 : replayHead + 1
        }
    }

    // MARK: Subscribing

    /// Adds an observer, attaches `subscriber` to this core, and replays to it what the mode asks
    /// for.
    @inlinable
    func subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        subscribeErased(SubjectCore.erase(handler), subscriber)
    }

    /// The stop event once one was delivered.
    var stopEvent: Event<Element>? {
        switch stopDelivered {
        case SubjectCoreBase.errorStop: return .error(stopError ?? RxError.unknown)
        case SubjectCoreBase.completedStop: return .completed
        default: return nil
        }
    }

    override func replay(to erased: ErasedHandler) {
        let handler = SubjectCore.typed(erased)
        // A BehaviorSubject replays only its stop event once it has stopped.
        let stopped = stopDelivered != SubjectCoreBase.noStop
        if case .latest = mode, stopped {
        } else if replayLimit == 1 {
            if let value = values?.replayLast { handler(.next(value)) }
        } else if replayLimit > 1 {
            // The owner is the only writer of the buffer, and a reentrant send is queued, so it
            // does not change while it is replayed.
            let values = replayBuffer
            let head = replayHead
            for offset in 0..<values.count {
                handler(.next(values[(head + offset) % values.count]))
            }
        }
        if let stop = stopEvent { handler(stop) }
    }

    override func deliverError(_ error: Swift.Error, to erased: ErasedHandler) {
        SubjectCore.typed(erased)(.error(error))
    }

    override func dropReplayAfterDispose() {
        var droppedLast: Element?
        if let values { swap(&droppedLast, &values.replayLast) }
        var droppedBuffer = ContiguousArray<Element>()
        swap(&droppedBuffer, &replayBuffer)
        withExtendedLifetime((droppedLast, droppedBuffer)) {}
    }

    /// Drops all observers and ignores every later event; later subscribers get `RxError.disposed`.
    func dispose() {
        // Everything dropped here is released after the lock (handlers and values may run user
        // deinit code). While another emission is in progress its owner drops the observers and
        // the replay.
        lock.lock()
        isDisposed = true
        if emitting { disposedWhileEmitting.store(true, ordering: .releasing) }
        var droppedLatest: Element?
        if let values { swap(&droppedLatest, &values.latest) }
        var detached = SlotBatch()
        var droppedLast: Element?
        var droppedBuffer = ContiguousArray<Element>()
        if emitting {
            hasSlowWork = true
        } else {
            detached = takeAllSlots()
            if let values { swap(&droppedLast, &values.replayLast) }
            swap(&droppedBuffer, &replayBuffer)
        }
        let droppedAdds = takePendingAdds()
        var released = ContiguousArray<Parker>()
        let droppedQueue = pending.removeAll(releasing: &released)
        queuedEvents = 0
        lock.unlock()
        detached.release()
        released.wakeReleased()
        withExtendedLifetime((droppedLatest, droppedLast, droppedBuffer, droppedQueue, droppedAdds)) {}
    }
}

/// The values a core of replay limit 1 keeps (`SubjectCore.values`): the last accepted one
/// (`.latest`, guarded by the core's lock) and the replayed one (owner only).
@usableFromInline
final class KeptValues<Element> {
    @exclusivity(unchecked) @usableFromInline var latest: Element?
    @exclusivity(unchecked) @usableFromInline var replayLast: Element?

    @inlinable
    init() {}
}
