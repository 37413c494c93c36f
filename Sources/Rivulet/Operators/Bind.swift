extension ObservableType {
    /// Sends every event of this sequence to the given observers; returns the subscription.
    ///
    /// ```swift
    /// source.bind(to: subject).disposed(by: bag)
    /// ```
    ///
    /// Errors and completion are forwarded like values.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        if observers.count == 1 {
            let observer = observers[0]
            return subscribe { event in observer.on(event) }
        }
        return subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event of this sequence, values wrapped in an optional, to the given observers
    /// of `Element?`.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        if observers.count == 1 {
            let observer = observers[0]
            return subscribe { event in observer.on(event.optionalLifted) }
        }
        return subscribe { event in
            let lifted = event.optionalLifted
            for observer in observers { observer.on(lifted) }
        }
    }

    /// Passes this sequence to `binder` and returns its result, so a binding helper reads as
    /// `source.bind(to: helper)`.
    @inlinable
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Passes this sequence and `curriedArgument` to the curried `binder` and returns its result.
    @inlinable
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the values of this sequence. A binding is not meant to fail: an
    /// error ends it and goes to `Hooks.defaultErrorHandler` (RxSwift stops a debug build here;
    /// Rivulet never does).
    @inlinable
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: { error in reportUnhandledError(error) })
    }

    /// Subscribes `onNext` to the values of this sequence, each passed with `object`, which is
    /// held weakly: once it is released, values are dropped. An error ends the binding and goes
    /// to `Hooks.defaultErrorHandler`, as for `bind(onNext:)`.
    ///
    /// ```swift
    /// viewModel.title
    ///     .bind(with: self) { owner, title in owner.titleLabel.text = title }
    ///     .disposed(by: bag)
    /// ```
    @inlinable
    public func bind<Object: AnyObject>(
        with object: Object,
        onNext: @escaping (Object, Element) -> Void
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] value in
                guard let object else { return }
                onNext(object, value)
            },
            onError: { error in reportUnhandledError(error) }
        )
    }

    // MARK: Relays

    /// Accepts every value of this sequence into the given relays. Completion ends the binding
    /// and leaves the relays as they are; an error ends it and goes to
    /// `Hooks.defaultErrorHandler`, since a relay cannot fail (RxSwift stops a debug build here;
    /// Rivulet never does).
    @inlinable
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value of this sequence, wrapped in an optional, into the given relays; errors
    /// as for `bind(to:)` with relays of `Element`.
    @inlinable
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value of this sequence into the given relays, which update their current
    /// value. Completion ends the binding; an error ends it and goes to
    /// `Hooks.defaultErrorHandler` (a relay cannot fail).
    @inlinable
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value of this sequence, wrapped in an optional, into the given relays; errors
    /// as for `bind(to:)` with relays of `Element`.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value of this sequence into the given relays, which record it for replay.
    /// Completion ends the binding; an error ends it and goes to `Hooks.defaultErrorHandler`
    /// (a relay cannot fail).
    @inlinable
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value of this sequence, wrapped in an optional, into the given relays; errors
    /// as for `bind(to:)` with relays of `Element`.
    @inlinable
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// The relay bindings' subscription: values to `accept`, completion ignored, errors reported.
    @inlinable
    func bindValues(_ accept: @escaping (Element) -> Void) -> Disposable {
        // An error goes to `Hooks.defaultErrorHandler` (there is no `onError`); completion is
        // ignored. The same observer as `subscribe(onNext:)`, so its code is shared with it.
        subscribeClosures(asObservable(), onNext: accept, onError: nil, onCompleted: nil, onDisposed: nil)
    }
}

extension Event {
    /// The same event with its value wrapped in an optional.
    @inlinable
    var optionalLifted: Event<Element?> {
        switch self {
        case .next(let value): return .next(value)
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}
