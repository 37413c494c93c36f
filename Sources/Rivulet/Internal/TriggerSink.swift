/// The sink of operators steered by a second, "trigger" observable (`take(until:)`,
/// `skip(until:)`): the source's subscription lives in the sink's own upstream slot, the
/// trigger's in `trigger`.
///
/// The two may send from different threads, so everything that goes downstream passes through a
/// `SerialGate` (one delivery at a time, no lock held while delivering); the sink disposes itself,
/// and with it both subscriptions, right after delivering the stop event. When it ends without a
/// stop event (`endWithoutEvent()`), its subscriber is told once it has settled
/// (`upstreamEndedSilently()`), so a subscriber at the end of the chain drops its handlers.
@usableFromInline
final class TriggerSink<Element>: LinkedSink, @unchecked Sendable {
    // @unchecked Sendable: `gate` has its own lock and is set once in `init`; `isOpen` and
    // `endedWithoutEvent` are guarded by SinkBase's `lock` (`endedWithoutEvent` is read in
    // `didSettle`, after the lock that ended the sink); `sourceSawOpen` is only touched on the
    // source's (serial) event path.
    @usableFromInline let gate: SerialGate<Element>
    /// The trigger's subscription slot.
    @usableFromInline let trigger = SinkBase()
    /// Set once the trigger has sent a value (`skip(until:)` only).
    @exclusivity(unchecked) @usableFromInline var isOpen = false
    /// The source path's cached copy of `isOpen` once it has seen it `true`.
    @exclusivity(unchecked) @usableFromInline var sourceSawOpen = false
    /// The sink ended itself without a stop event (`endWithoutEvent()`).
    @exclusivity(unchecked) @usableFromInline var endedWithoutEvent = false

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

    /// Ends the subscription without a stop event (`skip(until:)` whose source completed before
    /// the trigger fired): once the sink has settled, its subscriber is told (`didSettle`).
    /// Compiled once, here: it runs at most once per subscription.
    @usableFromInline
    func endWithoutEvent() {
        let ending = lock.withLock { () -> Bool in
            if phase == SinkBase.disposed { return false }
            endedWithoutEvent = true
            return true
        }
        if ending { dispose() }
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: after an end without a stop event the subscriber is told (while
    /// the gate's downstream handler still keeps it alive); then the downstream handler goes (a
    /// sink that ended without a stop event does not keep its subscriber).
    @usableFromInline
    override func didSettle() {
        if endedWithoutEvent { subscriberSink?.upstreamEndedSilently() }
        gate.releaseDownstream()
    }

    /// The source ended without an event: the trigger may still fire or fail, so this sink goes
    /// on (as it would for a source that never ends) and its subscriber keeps its handlers.
    @usableFromInline
    override func upstreamEndedSilently() {}

    @usableFromInline
    override func didDispose() { trigger.dispose() }
}
