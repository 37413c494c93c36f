extension ObservableType {
    /// The source as a `Single`: its one value is sent when it completes; more than one value
    /// fails with `RxError.moreThanOneElement` (at the second value), none with
    /// `RxError.noElements`.
    ///
    /// ```
    /// source:     --1-----|
    /// asSingle(): --------(1|)
    /// ```
    @inlinable
    public func asSingle() -> Single<Element> {
        atMostOneValue()
    }

    /// The source as a `Maybe`: its value, if any, is sent when it completes; more than one value
    /// fails with `RxError.moreThanOneElement` (at the second value).
    ///
    /// ```
    /// source:    --1-----|
    /// asMaybe(): --------(1|)
    /// ```
    @inlinable
    public func asMaybe() -> Maybe<Element> {
        atMostOneValue()
    }

    /// The engine of `asSingle()` and `asMaybe()`: holds the one value until the source completes
    /// and fails at a second one; a source that completes empty fails with `RxError.noElements`
    /// or completes, as `Trait` says. (A type, not a captured flag, so the event closure still
    /// captures only its sink.)
    @inlinable
    func atMostOneValue<Trait: AtMostOneValueTrait>() -> PrimitiveSequence<Trait, Element> {
        let source = asObservable()
        return PrimitiveSequence(
            raw: AnonymousObservable { downstream, subscriber in
                let sink = StateSink<Element, Element?>(downstream, state: nil)
                subscriber.setUpstream(sink)
                source._subscribe(
                    { event in
                        switch event {
                        case .next(let value):
                            if sink.state != nil {
                                sink.forward(.error(RxError.moreThanOneElement))
                                return
                            }
                            sink.state = value
                        case .error:
                            sink.forward(event)
                        case .completed:
                            if let value = sink.state.take() {
                                sink.finish(with: value)
                            } else {
                                sink.forward(Trait.failsWhenEmpty ? .error(RxError.noElements) : .completed)
                            }
                        }
                    }, sink)
            })
    }
}

/// A trait `atMostOneValue()` can build: what a source that completes without a value becomes.
@usableFromInline
protocol AtMostOneValueTrait {
    /// `true`: it fails with `RxError.noElements` (`Single`); `false`: it completes (`Maybe`).
    static var failsWhenEmpty: Bool { get }
}

extension SingleTrait: AtMostOneValueTrait {
    @inlinable static var failsWhenEmpty: Bool { true }
}

extension MaybeTrait: AtMostOneValueTrait {
    @inlinable static var failsWhenEmpty: Bool { false }
}

extension ObservableType where Element == Swift.Never {
    /// The source (which sends no value, such as `ignoreElements()`) as a `Completable`; nothing
    /// is added to the stream.
    ///
    /// ```swift
    /// upload.ignoreElements().asCompletable()
    /// ```
    @inlinable
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
