/// The forwarding half of the single-source sinks that hold something other than one state value
/// (`HoldingSink`, `ShareSink`, `DebugSink`): the downstream closure and `StateSink`'s `forward`.
/// A subclass adds what it releases in `didDispose()`.
///
/// (`StateSink` in Core keeps its own copy of these few lines, so the hot single-source operators
/// stay one class level below `LinkedSink`.)
@usableFromInline
class ForwardingSink<Element>: LinkedSink, @unchecked Sendable {
    // @unchecked Sendable: `isStopped` is event-path only (serialised by the source); the
    // subclasses say what guards their own fields.
    @usableFromInline final let downstream: (Event<Element>) -> Void

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
    }

    /// Forwards any event; a terminal event stops the sink and disposes it.
    @inlinable
    final func forward(_ event: Event<Element>) {
        if case .next = event {
            if !isStopped { downstream(event) }
            return
        }
        forwardStop(event)
    }

    /// Forwards a terminal event unless the sink has stopped, then disposes (compiled once, here:
    /// it runs once per subscription).
    @usableFromInline
    final func forwardStop(_ event: Event<Element>) {
        if isStopped { return }
        isStopped = true
        downstream(event)
        dispose()
    }
}
