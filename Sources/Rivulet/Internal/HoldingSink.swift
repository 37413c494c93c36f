/// The sink of `using` and `multicast(_:selector:)`: `ForwardingSink`'s forwarding, plus one disposable
/// (the resource, the connection) that it disposes after the source's subscription.
@usableFromInline
final class HoldingSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `held` is guarded by SinkBase's `lock`.
    @exclusivity(unchecked) @usableFromInline var held: Disposable?

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

    @usableFromInline
    override func didDispose() {
        lock.lock()
        let held = self.held.take()
        lock.unlock()
        held?.dispose()
    }
}
