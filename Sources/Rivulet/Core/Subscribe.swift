extension ObservableType {
    /// Subscribes an event handler.
    ///
    /// ```swift
    /// observable.subscribe { event in print(event) }
    /// ```
    ///
    /// The handler is released at the terminal event (or when the subscription is disposed), even
    /// while the returned disposable is kept.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let observer = EventObserver(on)
        asObservable().subscribeOnTrampoline({ event in observer.on(event) }, observer)
        return observer
    }

    /// Subscribes closures for values, failure, completion and disposal; every one is optional.
    ///
    /// After `.error` or `.completed` the subscription disposes itself. `onDisposed` runs exactly
    /// once: after the terminal event, or when the returned disposable is disposed first.
    @inlinable
    public func subscribe(
        onNext: consuming ((Element) -> Void)? = nil,
        onError: consuming ((Swift.Error) -> Void)? = nil,
        onCompleted: consuming (() -> Void)? = nil,
        onDisposed: consuming (() -> Void)? = nil
    ) -> Disposable {
        subscribeClosures(
            asObservable(), onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted,
            onDisposed: consume onDisposed)
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; events
    /// arriving after `object` was released are ignored. As with `subscribe(onNext:...)`, an error
    /// with no `onError` goes to `Hooks.defaultErrorHandler`.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        // Only the closures given are wrapped: a missing `onError` stays missing, so an error
        // still goes to `Hooks.defaultErrorHandler` (contract 16), and no closure context is made
        // for a closure that was not passed.
        subscribe(
            onNext: onNext.map { onNext in
                { [weak object] value in
                    guard let object else { return }
                    onNext(object, value)
                }
            },
            onError: onError.map { onError in
                { [weak object] error in
                    guard let object else { return }
                    onError(object, error)
                }
            },
            onCompleted: onCompleted.map { onCompleted in
                { [weak object] in
                    guard let object else { return }
                    onCompleted(object)
                }
            },
            onDisposed: onDisposed.map { onDisposed in
                { [weak object] in
                    guard let object else { return }
                    onDisposed(object)
                }
            }
        )
    }
}

extension Observable {
    /// Subscribes closures for values, failure, completion and disposal; every one is optional.
    ///
    /// After `.error` or `.completed` the subscription disposes itself. `onDisposed` runs exactly
    /// once: after the terminal event, or when the returned disposable is disposed first.
    ///
    /// (The same as `ObservableType.subscribe(onNext:onError:onCompleted:onDisposed:)`, declared
    /// on the class so that subscribing an `Observable` skips the `asObservable()` round trip,
    /// which costs a retain and a release.)
    @inlinable
    public func subscribe(
        onNext: consuming ((Element) -> Void)? = nil,
        onError: consuming ((Swift.Error) -> Void)? = nil,
        onCompleted: consuming (() -> Void)? = nil,
        onDisposed: consuming (() -> Void)? = nil
    ) -> Disposable {
        subscribeClosures(
            self, onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted,
            onDisposed: consume onDisposed)
    }
}

/// The body of both `subscribe(onNext:onError:onCompleted:onDisposed:)`s.
@inlinable
func subscribeClosures<Element>(
    _ source: Observable<Element>,
    onNext: consuming ((Element) -> Void)?,
    onError: consuming ((Swift.Error) -> Void)?,
    onCompleted: consuming (() -> Void)?,
    onDisposed: consuming (() -> Void)?
) -> Disposable {
    let observer = ClosureObserver(
        onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted,
        onDisposed: consume onDisposed)
    // One call site of `_subscribe`, so the handler's context is made by one copy of the code at
    // each use. A subject does not start the trampoline (`beginSubscription` returns `nil`, and
    // `Trampoline.end(nil)` returns at once).
    let started = observer.beginSubscription(onTrampoline: source.subscribesOnTrampoline)
    source._subscribe({ event in observer.on(event) }, observer)
    Trampoline.end(started)
    return observer
}

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`: one object per
/// subscription (`onNext` inline; the other closures, usually absent, in a box made only when one
/// is given).
///
/// Only `on(_:)` and `onNext` depend on the element type; what happens at the end of the
/// subscription (the other closures, dropping them, `onDisposed`) is in the non-generic
/// `ClosureObserverBase`, compiled once, here.
@usableFromInline
final class ClosureObserver<Element>: ClosureObserverBase, @unchecked Sendable {
    // @unchecked Sendable: `onNext` is event-path only (serialised by the source) until
    // `didSettle`, which runs once no delivery can be running; see `ClosureObserverBase`.
    @exclusivity(unchecked) @usableFromInline var onNext: OnNextHandler<Element>

    @inlinable
    init(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
    ) {
        self.onNext = OnNextHandler(function: onNext)
        super.init(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if isStopped || muted.load(ordering: .relaxed) { return }
        switch event {
        case .next(let value):
            // Called where it lies, at +0 (no retain and release of its context per value). It
            // is not released while it runs: a release asked for meanwhile (the closure disposed
            // its own subscription, or a reentrant stop event) waits until it has returned.
            onNextCalls &+= 2
            onNext.call(value)
            onNextCalls &-= 2
            if onNextCalls != 0 { releaseDeferredOnNext() }
        case .error(let error):
            fail(error)
        case .completed:
            complete()
        }
    }

    /// Drops `onNext`, or, while a call of it runs, marks it to be dropped once the last one has
    /// returned (`releaseDeferredOnNext()`).
    override func releaseOnNext() {
        if onNextCalls >= 2 {
            onNextCalls |= 1
            return
        }
        onNextCalls = 0
        onNext.function = nil
    }

}

/// `ClosureObserver`'s `onNext`: a non-copyable struct, so the observer calls the closure where it
/// lies (borrowed, at +0) instead of copying it out of the property first.
@usableFromInline
struct OnNextHandler<Element>: ~Copyable {
    @usableFromInline var function: ((Element) -> Void)?

    @inlinable
    init(function: consuming ((Element) -> Void)?) {
        self.function = function
    }

    @inlinable
    borrowing func call(_ value: Element) {
        function?(value)
    }
}

/// The element-independent half of `ClosureObserver`: the closures other than `onNext` and the end
/// of the subscription.
@usableFromInline
class ClosureObserverBase: SinkBase, SubscriptionCallStackRecording, @unchecked Sendable {
    // @unchecked Sendable: the event closures in `extras` are event-path only (serialised by the
    // source) until `didSettle`, which runs once no delivery can be running; `onDisposed` is
    // touched only by `didDispose`, which runs once (SinkBase's lock picks the one caller). The
    // closures are dropped once they can no longer run, so what they capture is released even
    // while the `Disposable` is kept.
    @exclusivity(unchecked) @usableFromInline final var extras: ObserverClosures?
    /// Twice the number of calls of `onNext` running (more than one only when a value arrives
    /// reentrantly), plus 1 while releasing `onNext` waits for them to return (event path only).
    @exclusivity(unchecked) @usableFromInline final var onNextCalls: Int32 = 0

    @inlinable
    init(onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        if onError != nil || onCompleted != nil || onDisposed != nil {
            extras = ObserverClosures(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        }
        super.init()
        isTerminal = true
    }

    /// Keeps the subscribing call stack for `Hooks.defaultErrorHandler` when there is no `onError`
    /// (`Hooks.recordCallStackOnError`). Called during `subscribe`, before any event of a
    /// trampoline source.
    @usableFromInline
    final func recordSubscriptionCallStack() {
        if extras?.onError != nil { return }
        extras = ObserverClosures(recordingCallStackWith: extras)
    }

    /// `Trampoline.begin(recordingFor: self)`, called on the observer (at +0) rather than handing
    /// it over as an existential, which cost a retain and a release per subscription.
    @usableFromInline
    final func beginTrampoline() -> Unmanaged<Trampoline>? {
        Trampoline.begin(recordingFor: self)
    }

    /// `beginTrampoline()` for a source that subscribes on the trampoline; for one that does
    /// not (a subject), `noteSubscription()` and `nil`.
    @usableFromInline
    final func beginSubscription(onTrampoline: Bool) -> Unmanaged<Trampoline>? {
        if onTrampoline { return Trampoline.begin(recordingFor: self) }
        Hooks.noteSubscription(self)
        return nil
    }

    /// `Hooks.noteSubscription(self)`, called on the observer (see `beginTrampoline()`).
    @usableFromInline
    final func noteSubscription() {
        Hooks.noteSubscription(self)
    }

    /// Drops `onNext` (the subclass holds it), or, while it runs, once it has returned.
    func releaseOnNext() {}

    /// After a call of `onNext`, when `onNextCalls` is not 0 (an outer call still runs, or a
    /// release waits): drops `onNext` if a release waits and no call runs any more. Not generic
    /// and never inlined: the event closures specialised in the user's module only call it.
    @usableFromInline @inline(never)
    final func releaseDeferredOnNext() {
        if onNextCalls != 1 { return }
        onNextCalls = 0
        releaseOnNext()
    }

    /// The error ends the subscription: `onError`, or `Hooks.defaultErrorHandler` without one.
    @usableFromInline
    final func fail(_ error: Swift.Error) {
        isStopped = true
        if let onError = extras?.onError {
            onError(error)
        } else {
            reportUnhandledError(error, callStack: extras?.callStack ?? [])
        }
        releaseEventClosures()
        dispose()
    }

    /// The completion ends the subscription.
    @usableFromInline
    final func complete() {
        isStopped = true
        if let onCompleted = extras?.onCompleted { onCompleted() }
        releaseEventClosures()
        dispose()
    }

    /// Drops `onNext`, `onError` and `onCompleted` after the terminal event (on the event path).
    final func releaseEventClosures() {
        releaseOnNext()
        if let extras {
            extras.onError = nil
            extras.onCompleted = nil
        }
    }

    /// Runs `onDisposed`, once, right when the subscription ends (a delivery of another thread
    /// may still be running: the event closures stay until it has returned).
    @usableFromInline
    override func didDispose() {
        guard let extras, let action = extras.onDisposed else { return }
        extras.onDisposed = nil
        action()
    }

    /// No delivery can be running any more: the event closures are dropped, which breaks the cycle
    /// in `self.subscription = source.subscribe(onNext: { self... })` once it is disposed.
    @usableFromInline
    override func didSettle() {
        releaseOnNext()
        extras = nil
    }

    /// The stream ended without a terminal event: no event will come, so the event closures go
    /// now; `onDisposed` stays for the `dispose()` that ends the subscription.
    @usableFromInline
    override func upstreamEndedSilently() { releaseAfterSilentEnd { releaseEventClosures() } }
}

/// An observer that can keep the call stack of its subscription (`Hooks.recordCallStackOnError`).
@usableFromInline
protocol SubscriptionCallStackRecording: AnyObject {
    /// Captures and keeps the current call stack, if the observer reports unhandled errors.
    func recordSubscriptionCallStack()
}

/// The closures of a `subscribe(onNext:...)` other than `onNext`: not generic, allocated only
/// when one of them is given.
@usableFromInline
final class ObserverClosures: @unchecked Sendable {
    // @unchecked Sendable: owned by one `ClosureObserver`, which says how they are guarded.
    @exclusivity(unchecked) @usableFromInline var onError: ((Swift.Error) -> Void)?
    @exclusivity(unchecked) @usableFromInline var onCompleted: (() -> Void)?
    @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?
    /// The subscribing call stack, when `Hooks.recordCallStackOnError` was set (event path only).
    @exclusivity(unchecked) @usableFromInline var callStack: [String] = []

    /// `closures` (or none) with the subscribing call stack (`Hooks.recordCallStackOnError`).
    @usableFromInline
    convenience init(recordingCallStackWith closures: ObserverClosures?) {
        self.init(onError: nil, onCompleted: closures?.onCompleted, onDisposed: closures?.onDisposed)
        callStack = Hooks.customCaptureSubscriptionCallstack()
    }

    @usableFromInline
    init(onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
    }
}

/// Called when a subscription without an `onError` closure receives an error: hands it to
/// `Hooks.defaultErrorHandler` (which prints it in debug builds, so a swallowed failure is visible
/// during development).
@usableFromInline
func reportUnhandledError(_ error: Swift.Error, callStack: [String] = []) {
    Hooks.defaultErrorHandler(callStack, error)
}
