extension ObservableType {
    /// For each subscription, makes a resource with `resourceFactory` and subscribes to the
    /// observable `observableFactory` makes from it; the resource is disposed when the
    /// subscription ends (after the source's subscription), however it ends.
    ///
    /// ```swift
    /// Observable.using({ Connection() }, observableFactory: { $0.messages })
    /// ```
    ///
    /// A throw of either factory fails the subscription (a resource already made is disposed).
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = UsingSink(downstream)
            subscriber.setUpstream(sink)
            let source: Observable<Element>
            do {
                let resource = try resourceFactory()
                sink.hold(resource)
                source = try observableFactory(resource)
            } catch {
                sink.attachNothing()
                sink.forward(.error(error))
                return
            }
            source._subscribe({ event in sink.forward(event) }, sink)
        }
    }
}

/// The sink of `using`: `Sink`'s forwarding, plus the resource it disposes after the source's
/// subscription.
@usableFromInline
final class UsingSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `resource` is guarded by SinkBase's `lock`; `isStopped` is event-path
    // only (serialised by the source).
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline var resource: Disposable?

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
    }

    /// Keeps `resource` until the subscription ends (disposes it at once if it already has).
    @inlinable
    func hold(_ resource: Disposable) {
        lock.lock()
        if phase == SinkBase.disposed {
            lock.unlock()
            resource.dispose()
            return
        }
        self.resource = resource
        lock.unlock()
    }

    /// Forwards any event; a terminal event stops the sink and disposes it.
    @inlinable
    func forward(_ event: Event<Element>) {
        if isStopped { return }
        if case .next = event {
            downstream(event)
            return
        }
        isStopped = true
        downstream(event)
        dispose()
    }

    @usableFromInline
    override func didDispose() {
        lock.lock()
        let held = resource.take()
        lock.unlock()
        held?.dispose()
    }
}
