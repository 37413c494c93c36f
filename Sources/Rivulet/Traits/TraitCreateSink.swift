/// The sink of `Single.create` and `Maybe.create`: the body may send its result from any thread,
/// and a success is two events (the value, then completion) that must reach the subscriber
/// together, so a result racing with another from a second thread cannot slip between them.
///
/// The first result wins under `stateLock`, which queues its events into the `SerialGate` while
/// held (as `TimedSink` does); the thread that finds the gate idle delivers them after releasing
/// it. The gate disposes this sink after the stop event; `dispose()` closes the gate (waiting for
/// a delivery in progress on another thread).
@usableFromInline
final class TraitCreateSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `done` is guarded by `stateLock`; the gate has its own lock.
    @usableFromInline let stateLock = Lock.make()
    @usableFromInline let gate: SerialGate<Element>
    @exclusivity(unchecked) @usableFromInline var done = false

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// Sends the value and completion as one result (the first result only); `false` when a
    /// result was already sent.
    @usableFromInline @discardableResult
    func succeed(_ element: Element) -> Bool {
        stateLock.lock()
        if done {
            stateLock.unlock()
            return false
        }
        done = true
        let deliverValue = gate.enqueue(.next(element))
        let deliverCompletion = gate.enqueue(.completed)
        stateLock.unlock()
        if deliverValue || deliverCompletion { gate.drain() }
        return true
    }

    /// Sends a stop event as the result (the first result only); `false` when a result was
    /// already sent.
    @usableFromInline @discardableResult
    func stop(_ event: Event<Element>) -> Bool {
        stateLock.lock()
        if done {
            stateLock.unlock()
            return false
        }
        done = true
        let deliver = gate.enqueue(event)
        stateLock.unlock()
        if deliver { gate.drain() }
        return true
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }
}

extension PrimitiveSequence {
    /// The trait behind `Single.create` and `Maybe.create`: each subscription gets a
    /// `TraitCreateSink`, and `subscribe` (given the sink to send the result to) returns what to
    /// dispose when the subscription ends.
    @usableFromInline
    static func createResult(
        _ subscribe: @escaping (TraitCreateSink<Element>) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: AnonymousObservable { handler, subscriber in
                let sink = TraitCreateSink(handler)
                subscriber.setUpstream(sink)
                sink.setUpstream(subscribe(sink))
            })
    }
}
