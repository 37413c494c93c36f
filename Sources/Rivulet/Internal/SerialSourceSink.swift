/// The sink of operators that subscribe to several sources one after the other (`catch`,
/// `concat`): each source gets its own subscription slot, subscribing the next source disposes
/// the previous one, and disposing the sink disposes the current one.
///
/// Events come from one source at a time, so the event path is serialised by the sources:
/// `isStopped` is touched only there. `current` is guarded by SinkBase's `lock`.
@usableFromInline
class SerialSourceSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `current` is guarded by `lock`; `isStopped` is event-path only.
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline final var current: SinkBase?

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
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
        return true
    }

    /// A new subscription slot for the next source, which ends the previous one; `nil` once the
    /// sink was disposed.
    @usableFromInline
    final func nextSlot() -> SinkBase? {
        let slot = SinkBase()
        let (accepted, previous) = lock.withLock { () -> (Bool, SinkBase?) in
            if phase == SinkBase.disposed { return (false, nil) }
            let previous = current
            current = slot
            return (true, previous)
        }
        previous?.dispose()
        return accepted ? slot : nil
    }

    /// Detaches the current source's slot: its source delivers downstream directly, so the sink
    /// settles only once a delivery of that source on another thread has returned.
    @usableFromInline
    override func willDispose() -> Int {
        let held = lock.withLock { () -> SinkBase? in
            defer { current = nil }
            return current
        }
        guard let held else { return 0 }
        return held.detach(self) ? 0 : 1
    }
}
