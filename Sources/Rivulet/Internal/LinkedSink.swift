/// A sink whose every event comes from its one upstream (`StateSink`, `DoSink`, `ForwardingSink`,
/// `SerialSourceSink`, and `TriggerSink`, which starts such an end): it knows the sink it is
/// attached to (`subscriberSink`, set by `SinkBase.setUpstream(_:)`), so an upstream that ends
/// without a terminal event (`skip(until:)` whose source completed first) reaches the subscriber
/// at the end of the chain, which then drops its handlers (docs/DESIGN.md, contract 15).
///
/// Not generic: the link is set once per subscription and read once, at such an end.
@usableFromInline
package class LinkedSink: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `subscriberSink` is written once, while subscribing, before any event.
    /// The sink this one is attached to, not retained: it is reached only from
    /// `upstreamEndedSilently()`, which the upstream calls while its downstream handler (which
    /// retains that sink, directly or through this one's) is still held.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) final var subscriberSink: SinkBase?

    @inlinable
    override init() {
        super.init()
    }

    /// Nothing will come from the upstream any more, so nothing will come from this sink: its
    /// subscriber is told the same.
    @usableFromInline
    override func upstreamEndedSilently() {
        subscriberSink?.upstreamEndedSilently()
    }

    /// One of this sink's own subscription slots (`SerialSourceSlot`) was told that its source
    /// ended without a terminal event; nothing by default.
    @usableFromInline
    func sourceEndedSilently(_ slot: SinkBase) {}
}

extension SinkBase {
    /// Attaches the upstream subscription (as `setUpstream(_: SubscriptionNode)`) and lets a sink
    /// whose every event comes from it know its subscriber (one store, no retain). Never inlined:
    /// it runs once per subscription, and the store inlined into an operator body made some
    /// bodies too big to be inlined into their callers any more; as a call it costs the
    /// operator's code what the call it replaces did.
    @usableFromInline @inline(never)
    package final func setUpstream(_ sink: LinkedSink) {
        sink.subscriberSink = self
        setUpstream(sink as SubscriptionNode)
    }

    /// For a subscriber at the end of a chain, told that its upstream ended without a terminal
    /// event: runs `release` (which drops the event handlers) and ends the sinks between it and
    /// the sink that ended, as a `dispose()` would (`do(onDispose:)` and `using`'s resource run
    /// now), unless the subscription has ended. This subscriber's own subscription stays open:
    /// `onDisposed` runs and the `DisposeBag` entry goes when it is disposed.
    ///
    /// While `release` runs, the upstream slot holds `SilentEndMarker`, so a `dispose()` from
    /// another thread meanwhile waits for it before the sink settles (and releases the same
    /// handlers in `didSettle()`). The handlers are released outside the lock (contract 10).
    @usableFromInline
    final func releaseAfterSilentEnd(_ release: () -> Void) {
        lock.lock()
        if phase != SinkBase.attached || upstream === SilentEndMarker.shared {
            // Ended already: its own end releases the handlers once it has settled.
            lock.unlock()
            return
        }
        let held = upstream.take()
        upstream = SilentEndMarker.shared
        lock.unlock()
        release()
        lock.lock()
        let disposed = phase != SinkBase.attached
        if !disposed { upstream = nil }
        lock.unlock()
        // The chain above has ended; what is left of it is ended here. When a `dispose()` took
        // the marker meanwhile (it answered that a delivery was still running), this answer, at
        // once or once the chain has settled, is the one the sink waits for. Otherwise a late
        // answer only lowers the count of a sink that waits for nothing.
        let settled = held?.detach(self) ?? true
        if disposed && settled { upstreamSettled() }
    }
}

/// What the upstream slot of a subscriber holds while it drops its handlers after a silent end
/// (`SinkBase.releaseAfterSilentEnd(_:)`): detaching it answers "still delivering", and the
/// subscriber is told when the release has returned.
@usableFromInline
final class SilentEndMarker: SubscriptionNode, @unchecked Sendable {
    // @unchecked Sendable: no state.
    /// The one marker (it is compared by identity only).
    @usableFromInline static let shared = SilentEndMarker()

    @usableFromInline
    override func detach(_ subscriber: SinkBase) -> Bool { false }
}
