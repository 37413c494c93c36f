/// The engine's stream type: every Rx-dialect operator returns one, and the Combine dialect
/// wraps one.
///
/// Subscribing hands the stream one event handler; the returned `Disposable` ends the
/// subscription. Cold observables start work per subscription; hot ones (subjects) share it.
public class Observable<Element>: ObservableType {
    @usableFromInline
    init() {}

    /// Subscribes `observer`; the returned disposable ends the subscription. `observer` is
    /// released at the terminal event (or when the subscription is disposed), even while the
    /// returned disposable is kept.
    @inlinable
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let subscriber = EventObserver<Element>(observer.on)
        subscribeOnTrampoline({ event in subscriber.on(event) }, subscriber)
        return subscriber
    }

    /// The engine entry point every concrete observable overrides: start delivering to `handler`.
    ///
    /// Before it sends the first event the source hands its subscription to
    /// `subscriber.setUpstream(_:)`, so a subscriber that stops early (`take(1)` on a synchronous
    /// source) can cancel the rest. The handler is called serially and follows the grammar
    /// `next* (error | completed)?`.
    @usableFromInline
    func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        // Never reached: every concrete observable overrides this method and the initialiser is
        // not public. Completing is the harmless answer if it ever were.
        subscriber.setUpstream(Disposables.create())
        handler(.completed)
    }

    /// `_subscribe` for the modules of this package (RivuletCombine): they may call the entry
    /// point but not override it.
    @inlinable
    package final func engineSubscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase)
    {
        _subscribe(handler, subscriber)
    }

    /// Returns `self`.
    @inlinable
    public func asObservable() -> Observable<Element> { self }

    /// Whether subscribing runs on the current thread's trampoline (`Observable.subscribeOnTrampoline`):
    /// `true` but for subjects, which schedule nothing and, as in RxSwift, subscribe without it.
    @inlinable
    var subscribesOnTrampoline: Bool { true }
}

/// An observable defined by a subscribe closure. All built-in operators are made of these: the
/// closure is created in `@inlinable` code, so it is specialised in the caller's module.
@usableFromInline
package final class AnonymousObservable<Element>: Observable<Element> {
    @usableFromInline
    let subscribeHandler: (consuming @escaping (Event<Element>) -> Void, SinkBase) -> Void

    @inlinable
    package init(_ subscribeHandler: @escaping (consuming @escaping (Event<Element>) -> Void, SinkBase) -> Void) {
        self.subscribeHandler = subscribeHandler
    }

    @inlinable
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        subscribeHandler(handler, subscriber)
    }
}
