extension Observable {
    /// An observable whose subscriptions run `subscribe`, which sends events to the observer it
    /// is given and returns what to dispose when the subscription ends.
    ///
    /// The observer may be called from any thread: events are serialised, everything after the
    /// first stop event is ignored, and once the subscription is disposed nothing more is
    /// delivered (a `dispose()` racing with a delivery waits for it to finish).
    ///
    /// ```swift
    /// Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// ```
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            let sink = GatedSink(handler)
            subscriber.setUpstream(sink)
            sink.setUpstream(subscribe(AnyObserver(eventHandler: sink.on)))
        }
    }
}

/// A sink for sources that may call it from any thread (such as `create`): it serialises events
/// through a `SerialGate` and disposes itself right after delivering the stop event.
@usableFromInline
package final class GatedSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: all mutable state lives in the gate, which has its own lock.
    @usableFromInline let gate: SerialGate<Element>

    @usableFromInline
    package init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    @usableFromInline
    package func on(_ event: Event<Element>) { gate.send(event) }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }
}
