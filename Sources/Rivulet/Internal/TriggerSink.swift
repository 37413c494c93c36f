/// The sink of operators steered by a second, "trigger" observable (`take(until:)`,
/// `skip(until:)`): the source's subscription lives in the sink's own upstream slot, the
/// trigger's in `trigger`.
///
/// The two may send from different threads, so everything that goes downstream passes through a
/// `SerialGate` (one delivery at a time, no lock held while delivering); the sink disposes itself,
/// and with it both subscriptions, right after delivering the stop event.
@usableFromInline
final class TriggerSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `gate` has its own lock and is set once in `init`; `isOpen` is guarded
    // by SinkBase's `lock`; `sourceSawOpen` is only touched on the source's (serial) event path.
    @usableFromInline let gate: SerialGate<Element>
    /// The trigger's subscription slot.
    @usableFromInline let trigger = SinkBase()
    /// Set once the trigger has sent a value (`skip(until:)` only).
    @exclusivity(unchecked) @usableFromInline var isOpen = false
    /// The source path's cached copy of `isOpen` once it has seen it `true`.
    @exclusivity(unchecked) @usableFromInline var sourceSawOpen = false

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// Sends an event downstream through the gate.
    @inlinable
    func send(_ event: Event<Element>) { gate.send(event) }

    /// Records that the trigger has sent a value.
    @inlinable
    func open() { lock.withLock { isOpen = true } }

    /// `true` once the trigger has sent a value. Call only from the source's event path.
    @inlinable
    var isOpenForSource: Bool {
        if sourceSawOpen { return true }
        let open = lock.withLock { isOpen }
        if open { sourceSawOpen = true }
        return open
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override func didDispose() { trigger.dispose() }
}
