/// The shared half of the flattening sinks that run at most one inner observable at a time
/// (`flatMapFirst`, `switchLatest`/`flatMapLatest`): the source's subscription slot (`outer`),
/// the running inner subscription's slot, and the gate that serialises what goes downstream
/// ("lock, decide, act", as `merge`). A subclass decides, under `lock`, what a new value of the
/// source does to `inner` and when an inner's completion counts.
///
/// The result completes once the source has completed with no inner running. Disposal closes the
/// gate (waiting for a delivery in progress on another thread), then disposes the source's and
/// the running inner's subscriptions.
@usableFromInline
class OneInnerSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (lock) are guarded by SinkBase's `lock` (held only
    // for field reads and writes); `gate` has its own lock; `outer` is immutable.
    @usableFromInline final let gate: SerialGate<Element>
    @usableFromInline final let outer = SinkBase()

    // (lock)
    /// The running inner subscription's slot.
    @exclusivity(unchecked) @usableFromInline final var inner: SinkBase?
    @exclusivity(unchecked) @usableFromInline final var outerDone = false
    /// Set when the sink is disposed: no inner may start or deliver any more.
    @exclusivity(unchecked) @usableFromInline final var finished = false

    // Not inlinable: it runs once per subscription (compiled once, here).
    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// The outer source or the selector failed.
    @usableFromInline
    final func fail(_ error: Swift.Error) {
        gate.send(.error(error))
    }

    /// The source has completed: the result completes now if no inner is running.
    @usableFromInline
    final func outerCompleted() {
        let complete = lock.withLock { () -> Bool in
            outerDone = true
            return inner == nil && !finished
        }
        outer.dispose()
        if complete { gate.send(.completed) }
    }

    @usableFromInline
    override final func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override final func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override final func didDispose() {
        let running = lock.withLock { () -> SinkBase? in
            finished = true
            defer { inner = nil }
            return inner
        }
        outer.dispose()
        running?.dispose()
    }
}
