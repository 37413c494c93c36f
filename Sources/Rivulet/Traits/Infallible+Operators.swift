// The operators of `Infallible`: each is the `Observable` operator of the same name on the
// wrapped stream, wrapped again. Closures cannot throw and inner streams are `Infallible`, so no
// error can enter; an operator given a stream that can fail returns an `Observable` instead.

// MARK: Transforming

extension InfallibleType {
    /// Transforms every value with `transform`.
    ///
    /// ```
    /// source:               --1--2--3--|
    /// map { $0 * 10 }:      --10-20-30-|
    /// ```
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Transforms every value with `transform` and passes on the non-`nil` results.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Sends each intermediate result of folding the values into `seed` with `accumulator`.
    @inlinable
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Sends each intermediate result of folding the values into `seed` in place.
    @inlinable
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void
    ) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Subscribes to the `Infallible` `selector` makes from each value and merges their values;
    /// completes when the source and every inner stream have completed.
    @inlinable
    public func flatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
        Infallible(asObservable().flatMap(selector))
    }

    /// Switches to the `Infallible` `selector` makes from each value, disposing the previous one.
    ///
    /// ```
    /// source:                 --a-----b------|
    /// flatMapLatest(inner):   ---a1-a2--b1-b2-|
    /// ```
    @inlinable
    public func flatMapLatest<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
        Infallible(asObservable().flatMapLatest(selector))
    }

    /// Subscribes to the `Infallible` `selector` makes from a value only while no inner stream
    /// is running; values that arrive meanwhile are dropped.
    @inlinable
    public func flatMapFirst<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
        Infallible(asObservable().flatMapFirst(selector))
    }

    /// Subscribes to the `Infallible` `selector` makes from each value one after the other, in
    /// order.
    @inlinable
    public func concatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
        Infallible(asObservable().concatMap(selector))
    }

    /// `flatMap` with inner streams that can fail: the result can fail too, so it is an
    /// `Observable` (RxSwift returns an `Infallible` here, which then fails unseen).
    @inlinable
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Observable<Source.Element> {
        asObservable().flatMap(selector)
    }

    /// `flatMapLatest` with inner streams that can fail: the result is an `Observable`.
    @inlinable
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Observable<Source.Element> {
        asObservable().flatMapLatest(selector)
    }

    /// `flatMapFirst` with inner streams that can fail: the result is an `Observable`.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Observable<Source.Element> {
        asObservable().flatMapFirst(selector)
    }

    /// `concatMap` with inner streams that can fail: the result is an `Observable`.
    @inlinable
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Observable<Source.Element> {
        asObservable().concatMap(selector)
    }

    /// Pairs every value with `obj`, held weakly; completes once `obj` was released.
    @inlinable
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(obj, resultSelector: { resultSelector($0.0, $0.1) }))
    }

    /// Pairs every value with `obj`, held weakly, as a tuple; completes once `obj` was released.
    @inlinable
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(obj))
    }
}

// MARK: Filtering

extension InfallibleType {
    /// Passes on the values for which `predicate` holds.
    ///
    /// ```
    /// source:                 --1--2--3--4--|
    /// filter { $0 % 2 == 0 }: -----2-----4--|
    /// ```
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Drops a value when `keySelector` gives the same key as for the previous value.
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops a value when `comparer` says it equals the previous value.
    @inlinable
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops a value when `comparer` says its key equals the previous value's.
    @inlinable
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops a value when its property at `keyPath` equals the previous value's.
    @inlinable
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<
        Element
    > {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Passes on the first `count` values, then completes.
    @inlinable
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Passes on the values sent within `duration` of the subscription, then completes.
    @inlinable
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Passes on values while `predicate` holds; completes at the first that fails it (which
    /// `behavior: .inclusive` passes on too).
    @inlinable
    public func take(
        while predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Passes on values until one satisfies `predicate`, then completes (`behavior: .inclusive`
    /// passes that value on too).
    @inlinable
    public func take(
        until predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// Passes on values until `other` sends a value, then completes.
    ///
    /// ```
    /// source:             --1--2--3--4--|
    /// other:              ---------x-----
    /// take(until: other): --1--2--|
    /// ```
    @inlinable
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Passes on values until `other` sends a value, then completes; an error from `other` is
    /// ignored like its completion (RxSwift would send it into the `Infallible`).
    @inlinable
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable().catch { _ in .empty() }))
    }

    /// Drops the first `count` values.
    @inlinable
    public func skip(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().skip(count))
    }

    /// Drops the values sent within `duration` of the subscription.
    @inlinable
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().skip(duration, scheduler: scheduler))
    }

    /// Drops values while `predicate` holds, then passes on every value.
    @inlinable
    public func skip(while predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Drops values until `other` sends a value; an error from `other` is ignored like its
    /// completion (values are then never passed on).
    @inlinable
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other.asObservable().catch { _ in .empty() }))
    }

    /// Drops values until `other` sends a value, then passes on every value.
    @inlinable
    public func skip<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other.asObservable()))
    }

    /// Sends a value only after `dueTime` passed without a newer one.
    ///
    /// ```
    /// source:                  -12---3-|
    /// debounce(2 frames, s):   ----2---(3|)
    /// ```
    @inlinable
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one value per `dueTime`: the first at once and, with `latest`, the newest
    /// value of the window when it ends.
    @inlinable
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<
        Element
    > {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops a value equal to the previous value.
    ///
    /// ```
    /// source:                 --1--1--2--2--1--|
    /// distinctUntilChanged(): --1-----2-----1--|
    /// ```
    @inlinable
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

// MARK: Utility and scheduling

extension InfallibleType {
    /// Sends `elements` first, then the source's events.
    @inlinable
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(asObservable().startWith(prefix: elements))
    }

    /// Runs side effects for the events and the lifecycle of each subscription (`Observable.do`).
    @inlinable
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Shares one subscription to the source among all subscribers, replaying the last `replay`
    /// values to each new one (`Observable.share(replay:scope:)`).
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }

    /// Delivers the events on `scheduler`.
    @inlinable
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().observe(on: scheduler))
    }

    /// Subscribes to (and disposes) the source on `scheduler`.
    @inlinable
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().subscribe(on: scheduler))
    }

    /// Shifts every value and the completion by `dueTime` on `scheduler`.
    @inlinable
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the source `dueTime` later on `scheduler`.
    @inlinable
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Prints the subscription, the events and the disposal to standard output
    /// (`Observable.debug`).
    @inlinable
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

// MARK: Binding

extension InfallibleType {
    /// Sends every event to the given observers; returns the subscription.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event, values wrapped in an optional, to the given observers of `Element?`.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        asObservable().subscribe { event in
            let lifted = event.optionalLifted
            for observer in observers { observer.on(lifted) }
        }
    }

    /// Passes this `Infallible` to `binder` and returns its result, so a binding helper reads as
    /// `source.bind(to: helper)`.
    @inlinable
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Passes this `Infallible` and `curriedArgument` to the curried `binder` and returns its
    /// result.
    @inlinable
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the values.
    @inlinable
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        asObservable().bind(onNext: onNext)
    }

    /// Accepts every value into the given relays; the completion ends the binding.
    @inlinable
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        asObservable().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    @inlinable
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        asObservable().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value into the given relays, which update their current value.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        asObservable().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        asObservable().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value into the given relays, which record it for replay.
    @inlinable
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        asObservable().bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Accepts every value, wrapped in an optional, into the given relays.
    @inlinable
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        asObservable().bindValues { value in for relay in relays { relay.accept(value) } }
    }
}
