extension ObservableType {
    /// A `Single` of the source's first value, or of `nil` when it completes without one; the
    /// source is disposed at its first value.
    ///
    /// ```
    /// source:  --1--2--|
    /// first(): --(1|)
    /// ```
    @inlinable
    public func first() -> Single<Element?> {
        let source = asObservable()
        return Single(
            raw: AnonymousObservable { downstream, subscriber in
                let sink = StateSink<Element?, Void>(downstream, state: ())
                subscriber.setUpstream(sink)
                source._subscribe(
                    { event in
                        switch event {
                        case .next(let value): sink.finish(with: value)
                        case .error(let error): sink.forward(.error(error))
                        case .completed: sink.finish(with: nil)
                        }
                    }, sink)
            })
    }
}
