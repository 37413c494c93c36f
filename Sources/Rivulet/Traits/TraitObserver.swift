/// The subscriber behind a trait's `subscribe` methods: it passes the first event to `onEvent`
/// and then ends the subscription (a `Single`'s value is its result; the completion that follows
/// it is not waited for). One object per subscription, like `ClosureObserver`.
///
/// A `DisposeBag` that mutes it before disposing stops `onEvent` from running; `onDisposed` runs
/// once, when the subscription ends.
@usableFromInline
final class TraitObserver<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `onEvent` is event-path only (serialised by the source) until
    // `didSettle`, which runs once no delivery can be running; `onDisposed` is touched only by
    // `didDispose`, which runs once.
    @exclusivity(unchecked) @usableFromInline var onEvent: ((Event<Element>) -> Void)?
    @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?

    @usableFromInline
    init(_ onEvent: __owned @escaping (Event<Element>) -> Void, onDisposed: __owned (() -> Void)?) {
        self.onEvent = onEvent
        self.onDisposed = onDisposed
        super.init()
        isTerminal = true
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        if isStopped || muted.load(ordering: .relaxed) { return }
        isStopped = true
        let handler = onEvent.take()
        handler?(event)
        dispose()
    }

    @usableFromInline
    override func didDispose() {
        let action = onDisposed.take()
        action?()
    }

    @usableFromInline
    override func didSettle() { onEvent = nil }

    /// The stream ended without a terminal event: no event will come, so `onEvent` goes now;
    /// `onDisposed` stays for the `dispose()` that ends the subscription.
    @usableFromInline
    override func upstreamEndedSilently() { releaseAfterSilentEnd { onEvent = nil } }
}

extension PrimitiveSequence {
    /// Subscribes a `TraitObserver` that hands the first event to `onEvent`.
    @usableFromInline
    func subscribeFirstEvent(
        _ onEvent: __owned @escaping (Event<Element>) -> Void, onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        let observer = TraitObserver(onEvent, onDisposed: onDisposed)
        source.subscribeOnTrampoline({ event in observer.on(event) }, observer)
        return observer
    }
}

/// For the traits' `subscribe(with:...)`: a closure that calls `body` (if given) with `object`,
/// held weakly, and `value`; nothing runs once `object` was released. The closure is made even
/// when `body` is `nil`: the traits' `subscribe(with:...)` pass every closure on.
///
/// Always inlined, so the closure is made at the call site with its concrete types, as a closure
/// written there would be (called out of line, a subscription cost one allocation more).
@usableFromInline @inline(__always)
func weaklyCalling<Object: AnyObject, Value>(
    _ object: Object, _ body: ((Object, Value) -> Void)?
) -> (Value) -> Void {
    { [weak object] value in
        guard let object else { return }
        body?(object, value)
    }
}

/// `weaklyCalling(_:_:)` for a closure of `object` alone.
@usableFromInline @inline(__always)
func weaklyCalling<Object: AnyObject>(_ object: Object, _ body: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in
        guard let object else { return }
        body?(object)
    }
}
