// `Driver`: the conversions that make one and the `drive` methods that consume it. A conversion
// is `observe(on: DriverSharingStrategy.scheduler)` and an error handler on the stream, shared
// with `share(replay: 1, scope: .whileConnected)`.

extension ObservableConvertibleType {
    /// This stream as a `Driver`: delivered on the main thread, an error replaced by `element`
    /// and the completion.
    ///
    /// ```
    /// source:                         --1--2--#
    /// asDriver(onErrorJustReturn: 0): --1--2--(0|)   (on the main thread)
    /// ```
    public func asDriver(onErrorJustReturn element: Element) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catchAndReturn(element))
    }

    /// This stream as a `Driver`: delivered on the main thread, an error switches to `driver`.
    public func asDriver(onErrorDriveWith driver: Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { _ in driver.asObservable() })
    }

    /// This stream as a `Driver`: delivered on the main thread, an error switches to the `Driver`
    /// `onErrorRecover` makes from it.
    public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension BehaviorRelay {
    /// The relay's current and later values as a `Driver` (a relay cannot fail), delivered on the
    /// main thread.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension InfallibleType {
    /// This `Infallible` as a `Driver` (it cannot fail), delivered on the main thread.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This `Driver` itself.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }

    /// Subscribes closures for the values, the completion and the end of the subscription, all
    /// run on the main thread (there is no `onError`: a `Driver` cannot fail).
    ///
    /// Threading: call it on the main thread, as RxCocoa asks; called from another thread it does
    /// not trap (RxCocoa asserts in debug builds) but subscribes from the main queue, so the
    /// replayed value too arrives on the main thread.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribedOnTheDeliveryThread().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without closures, for the side effects upstream (a `do(onNext:)`); threading as
    /// for `drive(onNext:onCompleted:onDisposed:)`.
    public func drive() -> Disposable {
        subscribedOnTheDeliveryThread().subscribe { _ in }
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; nothing
    /// runs once `object` was released. Threading as for `drive(onNext:onCompleted:onDisposed:)`.
    ///
    /// ```swift
    /// viewModel.title.drive(with: self, onNext: { owner, title in owner.title = title })
    /// ```
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribedOnTheDeliveryThread().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every event to the given observers, on the main thread; returns the subscription.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element {
        subscribedOnTheDeliveryThread().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event, values wrapped in an optional, to the given observers of `Element?`.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        subscribedOnTheDeliveryThread().subscribe { event in
            let lifted = event.optionalLifted
            for observer in observers { observer.on(lifted) }
        }
    }

    /// Accepts every value into the given relays, which update their current value; the
    /// completion ends the subscription.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value into the given relays, which pass it on to their subscribers.
    public func drive(_ relays: PublishRelay<Element>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    public func drive(_ relays: PublishRelay<Element?>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value into the given relays, which record it for replay.
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        subscribedOnTheDeliveryThread().bindValues { value in for relay in relays { relay.accept(value) } }
    }
}
