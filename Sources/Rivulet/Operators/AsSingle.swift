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
        let source = asObservable()
        return Single(
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
                                sink.forward(.error(RxError.noElements))
                            }
                        }
                    }, sink)
            })
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
        let source = asObservable()
        return Maybe(
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
                                sink.forward(.completed)
                            }
                        }
                    }, sink)
            })
    }
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
