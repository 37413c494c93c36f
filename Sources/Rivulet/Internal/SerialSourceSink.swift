/// The sink of operators that subscribe to several sources one after the other (`catch`,
/// `concat`): each source gets its own subscription slot, subscribing the next source disposes
/// the previous one, and disposing the sink disposes the current one.
///
/// Events come from one source at a time, so the event path is serialised by the sources:
/// `isStopped` is touched only there. `current` is guarded by SinkBase's `lock`.
///
/// The next source is subscribed from inside a delivery of the previous one (its error or
/// completion), and a source such as `just` delivers inside that subscribe call, so while it runs
/// the current source's answer to `detach` ("nothing delivers elsewhere") is not the whole truth:
/// the subscribing thread is delivering downstream. Such a stretch is counted (`busy`), and a
/// `dispose()` from another thread meanwhile settles the sink only once it is over (before, the
/// subscriber's closures were released while that delivery still ran).
@usableFromInline
class SerialSourceSink<Element>: LinkedSink, @unchecked Sendable {
    // @unchecked Sendable: `current`, `busy` and `busyAwaited` are guarded by `lock`; `isStopped`
    // is event-path only.
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline final var current: SinkBase?
    /// How many stretches of delivery that the current source does not answer for are running
    /// (subscribing the next source, `SourceSequenceSink.advance()`).
    @exclusivity(unchecked) @usableFromInline final var busy: Int16 = 0
    /// How many of them a `dispose()` counted as unsettled: each tells the sink when it is over.
    @exclusivity(unchecked) @usableFromInline final var busyAwaited: Int16 = 0

    /// Compiled once, here: a sink is made once per subscription. (The body calls an internal
    /// function, which keeps cross-module optimisation from handing it to other modules.)
    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = SerialSourceSink.handler(downstream)
    }

    static func handler(_ downstream: @escaping (Event<Element>) -> Void) -> (Event<Element>) -> Void {
        downstream
    }

    /// Forwards a value unless the sink has stopped.
    @inlinable
    final func forwardNext(_ element: Element) {
        if !isStopped { downstream(.next(element)) }
    }

    /// Forwards any event; a terminal event stops the sink and disposes it (and the current source).
    /// A terminal event is not delivered once the sink was disposed (the subscriber may dispose
    /// while receiving the value just before it, from a source such as `just` that sends both in
    /// one go); one lock per subscription.
    @inlinable
    final func forward(_ event: Event<Element>) {
        if case .next = event {
            if !isStopped { downstream(event) }
            return
        }
        forwardStop(event)
    }

    /// Forwards a terminal event unless the sink has stopped or was disposed, then disposes
    /// (compiled once, here: it runs once per subscription).
    @usableFromInline
    final func forwardStop(_ event: Event<Element>) {
        if isStopped { return }
        isStopped = true
        if !isDisposed { downstream(event) }
        dispose()
    }

    /// Makes `source` the current source: disposes the previous subscription, then subscribes
    /// `handler` to `source`. Returns `false` (and subscribes nothing) once the sink is disposed.
    @inlinable
    @discardableResult
    final func subscribe(_ source: Observable<Element>, _ handler: @escaping (Event<Element>) -> Void) -> Bool {
        guard let slot = nextSlot() else { return false }
        source.subscribeOnTrampoline(handler, slot)
        endBusy()
        return true
    }

    /// Starts a stretch of delivery the current source does not answer for (see the type's
    /// comment); `false` (nothing started) once the sink was disposed. Call `endBusy()` after it.
    @usableFromInline
    final func beginBusy() -> Bool {
        lock.withLock { () -> Bool in
            if phase == SinkBase.disposed { return false }
            busy &+= 1
            return true
        }
    }

    /// Ends a stretch started by `beginBusy()` (or `nextSlot()`); tells the sink when a
    /// `dispose()` from another thread waited for it.
    @usableFromInline
    final func endBusy() {
        let tell = lock.withLock { () -> Bool in
            busy &-= 1
            if busyAwaited == 0 { return false }
            busyAwaited &-= 1
            return true
        }
        if tell { upstreamSettled() }
    }

    /// A new subscription slot for the next source, which ends the previous one; `nil` once the
    /// sink was disposed. A slot returned starts a stretch of `busy` (the subscribe call).
    @usableFromInline
    final func nextSlot() -> SinkBase? {
        let slot = SerialSourceSlot(owner: self)
        let (accepted, previous) = lock.withLock { () -> (Bool, SinkBase?) in
            if phase == SinkBase.disposed { return (false, nil) }
            let previous = current
            current = slot
            busy &+= 1
            return (true, previous)
        }
        previous?.dispose()
        return accepted ? slot : nil
    }

    /// The current source ended without a terminal event (`skip(until:)` whose source completed
    /// first): no source follows it (the next one comes after an error or a completion), so
    /// nothing will come from this sink either, and its subscriber is told. A slot that is no
    /// longer current is ignored.
    @usableFromInline
    override func sourceEndedSilently(_ slot: SinkBase) {
        let isCurrent = lock.withLock { phase != SinkBase.disposed && current === slot }
        if isCurrent { subscriberSink?.upstreamEndedSilently() }
    }

    /// Detaches the current source's slot: its source delivers downstream directly, so the sink
    /// settles only once a delivery of that source on another thread has returned, and once every
    /// `busy` stretch running now is over.
    @usableFromInline
    override func willDispose() -> Int {
        let (held, running) = lock.withLock { () -> (SinkBase?, Int16) in
            defer { current = nil }
            busyAwaited = busy
            return (current, busy)
        }
        let stretches = Int(running)
        guard let held else { return stretches }
        return stretches + (held.detach(self) ? 0 : 1)
    }
}

/// The subscription slot of one source of a `SerialSourceSink`: it passes an end of that source
/// without a terminal event to its owner.
@usableFromInline
final class SerialSourceSlot: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `owner` is set in `init`.
    /// The sink this slot belongs to, not retained: the source's handler retains it, and the
    /// source calls `upstreamEndedSilently()` while it still holds that handler.
    @usableFromInline unowned(unsafe) let owner: LinkedSink

    @usableFromInline
    init(owner: LinkedSink) {
        self.owner = owner
        super.init()
    }

    @usableFromInline
    override func upstreamEndedSilently() { owner.sourceEndedSilently(self) }
}
