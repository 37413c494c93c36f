/// The sink of `using` and `multicast(_:selector:)`: `Sink`'s forwarding, plus one disposable
/// (the resource, the connection) that it disposes after the source's subscription.
@usableFromInline
final class HoldingSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `held` is guarded by SinkBase's `lock`; `isStopped` is event-path
    // only (serialised by the source).
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline var held: Disposable?

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
    }

    /// Keeps `disposable` until the subscription ends (disposes it at once if it already has).
    @inlinable
    func hold(_ disposable: Disposable) {
        lock.lock()
        if phase == SinkBase.disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        held = disposable
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
        let held = self.held.take()
        lock.unlock()
        held?.dispose()
    }
}
