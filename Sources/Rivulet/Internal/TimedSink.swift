/// The sink of the time and scheduler operators: events may come from the source and from
/// scheduled actions on other threads at the same time.
///
/// Subclasses keep their state under `stateLock` and decide there what to send; they queue the
/// chosen events with `enqueue(_:)` while still holding the lock (so the order of decisions is the
/// order of delivery) and call `deliver()` after releasing it. Delivery goes through a
/// `SerialGate`: one thread at a time, never under a lock, nothing after the first terminal event,
/// and once `dispose()` has returned no delivery starts (a delivery already running on another
/// thread may finish; `dispose()` does not wait for it). The sink disposes itself after delivering
/// a terminal event;
/// `timer` and `didDisposeTimed()` release the scheduled work.
@usableFromInline
class TimedSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: subclass state is guarded by `stateLock`; delivery state lives in the
    // gate, which has its own lock; `timer` has its own lock.
    @usableFromInline let stateLock = Lock.make()
    @usableFromInline let timer = TimerSlot()
    @usableFromInline let gate: SerialGate<Element>

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// Queues `event` for delivery; call it with `stateLock` held. Returns whether the caller must
    /// call `deliver()` after releasing the lock.
    @usableFromInline
    final func enqueue(_ event: Event<Element>) -> Bool {
        gate.enqueue(event)
    }

    /// Delivers what `enqueue(_:)` queued (only when it returned `true`).
    @usableFromInline
    final func deliver(_ mustDeliver: Bool) {
        if mustDeliver { gate.drain() }
    }

    /// Sends `event` now (or after the delivery in progress): for events that need no state
    /// decision. Do not call it while holding `stateLock`.
    @usableFromInline
    final func send(_ event: Event<Element>) {
        gate.send(event)
    }

    @usableFromInline
    override func willDispose() -> Int {
        gate.close(notifying: self) ? 0 : 1
    }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override func didDispose() {
        timer.dispose()
        didDisposeTimed()
    }

    /// Called once after disposal; subclasses release further scheduled work here.
    @usableFromInline
    func didDisposeTimed() {}
}
