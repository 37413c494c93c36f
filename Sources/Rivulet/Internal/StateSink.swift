/// A `Sink` with one field of per-subscription state, so a stateful single-source operator
/// (`take`, `skip`, `scan`, `distinctUntilChanged`...) costs one object per subscription and its
/// event closure captures nothing but the sink and the user's closure.
///
/// Like `Sink`: forwards downstream, drops everything after the first terminal event and disposes
/// its upstream synchronously on that event. `isStopped` and `state` are only touched on the event
/// path, which the source serialises.
@usableFromInline
final class StateSink<Element, State>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `isStopped` and `state` are event-path only (serialised by the source);
    // the upstream slot is guarded by SinkBase's `lock`.
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline var state: State

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void, state: State) {
        self.downstream = downstream
        self.state = state
    }

    /// Forwards a value unless the sink has stopped.
    @inlinable
    func forwardNext(_ element: Element) {
        if !isStopped { downstream(.next(element)) }
    }

    /// Forwards any event; a terminal event stops the sink and disposes its upstream.
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
}
