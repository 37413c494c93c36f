// The operators of `SharedSequence` (so of `Driver` and `Signal`): each is the `Observable`
// operator of the same name on the wrapped stream, shared again with the same strategy. Closures
// cannot throw and inner sequences have the same strategy, so no error can enter and every value
// stays on the main thread; the time operators run on `SharingStrategy.scheduler`, as in RxCocoa.

// MARK: Transforming

extension SharedSequenceConvertibleType {
    /// Transforms every value with `transform` (once per value, however many subscribe).
    ///
    /// ```
    /// source:               --1--2--3--|
    /// map { $0 * 10 }:      --10-20-30-|
    /// ```
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(transform))
    }

    /// Transforms every value with `transform` and passes on the non-`nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> SharedSequence<
        SharingStrategy, Result
    > {
        SharedSequence(asObservable().compactMap(transform))
    }

    /// Sends each intermediate result of folding the values into `seed` with `accumulator`.
    ///
    /// ```
    /// source:                   --1--2--3--|
    /// scan(0) { $0 + $1 }:      --1--3--6--|
    /// ```
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> SharedSequence<
        SharingStrategy, Seed
    > {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Sends each intermediate result of folding the values into `seed` in place.
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void
    ) -> SharedSequence<SharingStrategy, Seed> {
        SharedSequence(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Subscribes to the sequence `selector` makes from each value and merges their values;
    /// completes when the source and every inner sequence have completed.
    public func flatMap<Result>(
        _ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().flatMap(selector))
    }

    /// Switches to the sequence `selector` makes from each value, disposing the previous one.
    ///
    /// ```
    /// source:                 --a-----b------|
    /// flatMapLatest(inner):   ---a1-a2--b1-b2-|
    /// ```
    public func flatMapLatest<Result>(
        _ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().flatMapLatest(selector))
    }

    /// Subscribes to the sequence `selector` makes from a value only while no inner sequence is
    /// running; values that arrive meanwhile are dropped.
    public func flatMapFirst<Result>(
        _ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().flatMapFirst(selector))
    }

    /// Subscribes to the sequence `selector` makes from each value one after the other, in order.
    public func concatMap<Result>(
        _ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().concatMap(selector))
    }

    /// Pairs every value with `obj`, held weakly; completes once `obj` was released.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(obj, resultSelector: { resultSelector($0.0, $0.1) }))
    }

    /// Pairs every value with `obj`, held weakly, as a tuple; completes once `obj` was released.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(obj))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Passes on the values of the latest inner sequence, disposing the previous one. The result
    /// has the inner sequences' sharing strategy (a `Driver` of `Signal`s switches to a `Signal`),
    /// as in RxCocoa.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMapLatest { $0.asSharedSequence().asObservable() })
    }
}

// RxCocoa's `flatMap`, `flatMapLatest` and `flatMapFirst` take inner sequences of any sharing
// strategy and return one of that strategy (`signal.flatMapLatest { _ in driver }` is a `Driver`).
// The same-strategy overloads above stay: they are preferred when both apply, and they let a
// closure write `.just(value)` without naming the strategy.
extension SharedSequenceConvertibleType {
    /// Subscribes to the sequence `selector` makes from each value and merges their values; the
    /// result has the inner sequences' sharing strategy.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector))
    }

    /// Switches to the sequence `selector` makes from each value, disposing the previous one; the
    /// result has the inner sequences' sharing strategy.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector))
    }

    /// Subscribes to the sequence `selector` makes from a value only while no inner sequence is
    /// running; the result has the inner sequences' sharing strategy.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector))
    }
}

// MARK: Filtering

extension SharedSequenceConvertibleType {
    /// Passes on the values for which `predicate` holds.
    ///
    /// ```
    /// source:                 --1--2--3--4--|
    /// filter { $0 % 2 == 0 }: -----2-----4--|
    /// ```
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate))
    }

    /// Drops a value when `keySelector` gives the same key as for the previous value.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops a value when `comparer` says it equals the previous value.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops a value when `comparer` says its key equals the previous value's.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops a value when its property at `keyPath` equals the previous value's.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Passes on the first `count` values, then completes.
    public func take(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().take(count))
    }

    /// Drops the first `count` values.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Sends a value only after `dueTime` passed without a newer one, timed on
    /// `SharingStrategy.scheduler` (the main thread).
    ///
    /// ```
    /// source:            -12---3-|
    /// debounce(2 frames): ----2---(3|)
    /// ```
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Sends at most one value per `dueTime`: the first at once and, with `latest`, the newest
    /// value of the window when it ends; timed on `SharingStrategy.scheduler`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops a value equal to the previous value.
    ///
    /// ```
    /// source:                 --1--1--2--2--1--|
    /// distinctUntilChanged(): --1-----2-----1--|
    /// ```
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

// MARK: Utility

extension SharedSequenceConvertibleType {
    /// Sends `elements` first (on the subscribing thread, at subscription), then the source's
    /// values.
    public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(prefix: elements))
    }

    /// Shifts every value and the completion by `dueTime` on `SharingStrategy.scheduler`.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Runs side effects for the events and the lifecycle of the shared subscription
    /// (`Observable.do`): once per connection, not once per subscriber.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Prints the subscription, the events and the disposal to standard output
    /// (`Observable.debug`).
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
