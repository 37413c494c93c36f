// `Signal`: the conversions that make one and the `emit` methods that consume it. A conversion
// is `observe(on: SignalSharingStrategy.scheduler)` and an error handler on the stream, shared
// with `share(scope: .whileConnected)` (no replay).

extension ObservableConvertibleType {
    /// This stream as a `Signal`: delivered on the main thread, an error replaced by `element`
    /// and the completion.
    ///
    /// ```
    /// source:                         --1--2--#
    /// asSignal(onErrorJustReturn: 0): --1--2--(0|)   (on the main thread)
    /// ```
    public func asSignal(onErrorJustReturn element: Element) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catchAndReturn(element))
    }

    /// This stream as a `Signal`: delivered on the main thread, an error switches to `signal`.
    public func asSignal(onErrorSignalWith signal: Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { _ in signal.asObservable() })
    }

    /// This stream as a `Signal`: delivered on the main thread, an error switches to the `Signal`
    /// `onErrorRecover` makes from it.
    public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension PublishRelay {
    /// The relay's values as a `Signal` (a relay cannot fail), delivered on the main thread.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// This `Signal` itself.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }

    /// Subscribes closures for the values, the completion and the end of the subscription, all
    /// run on the main thread (there is no `onError`: a `Signal` cannot fail).
    ///
    /// Threading: may be called from any thread; from a thread other than the main one it
    /// subscribes from the main queue, as `drive` does.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribedOnTheDeliveryThread().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without closures, for the side effects upstream (a `do(onNext:)`).
    public func emit() -> Disposable {
        subscribedOnTheDeliveryThread().subscribe { _ in }
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; nothing
    /// runs once `object` was released.
    ///
    /// ```swift
    /// viewModel.errors.emit(with: self, onNext: { owner, message in owner.show(message) })
    /// ```
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribedOnTheDeliveryThread().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every event to the given observers, on the main thread; returns the subscription.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        subscribedOnTheDeliveryThread().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event, values wrapped in an optional, to the given observers of `Element?`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        subscribedOnTheDeliveryThread().subscribe { event in
            let lifted = event.optionalLifted
            for observer in observers { observer.on(lifted) }
        }
    }

    /// Accepts every value into the given relays; the completion ends the subscription.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value into the given relays, which update their current value.
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value into the given relays, which record it for replay.
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }
}
