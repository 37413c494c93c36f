/// The subscriber behind `subscribe(_ observer:)` and `subscribe { event in ... }`: hands every
/// event to one handler and drops the handler (and what it captures: the observer) at the
/// terminal event, or once a `dispose()` has settled, so keeping the returned disposable never
/// keeps the observer. A handler that captures the disposable of its own subscription is freed
/// with it.
///
/// The handler is called where it lies, at +0, as `ClosureObserver` calls its `onNext`: a release
/// asked for while a call runs (the handler disposed its own subscription) waits until it returns.
@usableFromInline
final class EventObserver<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `handler`, `calls` and `isStopped` are event-path only (serialised by
    // the source) until `didSettle`, which runs once no delivery can be running.
    @exclusivity(unchecked) @usableFromInline var handler: OnNextHandler<Event<Element>>
    /// Twice the number of calls of `handler` running (more than one only when an event arrives
    /// reentrantly), plus 1 while releasing it waits for them to return (event path only).
    @exclusivity(unchecked) @usableFromInline var calls: Int32 = 0

    @inlinable
    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = OnNextHandler(function: handler)
        super.init()
        isTerminal = true
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if isStopped { return }
        if case .next = event {
            calls &+= 2
            handler.call(event)
            calls &-= 2
            if calls != 0 { releaseDeferredHandler() }
            return
        }
        stop(event)
    }

    /// The terminal event: delivered, then the handler goes and the subscription ends.
    @usableFromInline
    func stop(_ event: Event<Element>) {
        isStopped = true
        calls &+= 2
        handler.call(event)
        calls &-= 2
        releaseHandler()
        dispose()
    }

    /// Drops the handler, or, while a call of it runs, marks it to be dropped once the last one
    /// has returned.
    @usableFromInline
    func releaseHandler() {
        if calls >= 2 {
            calls |= 1
            return
        }
        calls = 0
        handler.function = nil
    }

    /// After a call of the handler, when `calls` is not 0: drops it if a release waits and no
    /// call runs any more.
    @usableFromInline @inline(never)
    func releaseDeferredHandler() {
        if calls != 1 { return }
        calls = 0
        handler.function = nil
    }

    @usableFromInline
    override func didSettle() { releaseHandler() }

    /// The stream ended without a terminal event: no event will come, so the handler goes now
    /// (the subscription stays until it is disposed).
    @usableFromInline
    override func upstreamEndedSilently() { releaseAfterSilentEnd { releaseHandler() } }
}
