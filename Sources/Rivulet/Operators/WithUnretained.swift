extension ObservableType {
    /// Passes on `resultSelector` applied to `obj` and each value, holding `obj` weakly; the
    /// first value that arrives after `obj` has been released completes the stream instead.
    ///
    /// ```
    /// source:                       --1--2--3--4--|
    /// withUnretained(owner) { $1 }: --1--2--|          (owner released between 2 and 3)
    /// ```
    ///
    /// The stream keeps no strong reference to `obj`, so `obj` may own the subscription (a view
    /// model's `DisposeBag`). As in RxSwift, the release itself sends nothing: the completion comes
    /// with the next value.
    @inlinable
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping ((Object, Element)) -> Out
    ) -> Observable<Out> {
        let source = asObservable()
        // Stateless: no sink of its own (see `map`); the weak reference is shared by every
        // subscription.
        return AnonymousObservable { [weak obj] downstream, subscriber in
            source._subscribe(
                { [weak obj] event in
                    switch event {
                    case .next(let value):
                        guard let object = obj else {
                            downstream(.completed)
                            subscriber.dispose()
                            return
                        }
                        downstream(.next(resultSelector((object, value))))
                    case .error(let error):
                        downstream(.error(error))
                    case .completed:
                        downstream(.completed)
                    }
                }, subscriber)
        }
    }

    /// Pairs each value with `obj`, held weakly; the first value that arrives after `obj` has
    /// been released completes the stream instead.
    ///
    /// ```swift
    /// button.taps.withUnretained(self).subscribe(onNext: { owner, _ in owner.save() })
    /// ```
    ///
    /// See `withUnretained(_:resultSelector:)`.
    @inlinable
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}
