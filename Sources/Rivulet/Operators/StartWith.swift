extension ObservableType {
    /// Sends `elements` first, then subscribes to the source and passes on its events.
    ///
    /// ```
    /// source:          --3--4--|
    /// startWith(1, 2): (12)--3--4--|
    /// ```
    ///
    /// If the subscription is disposed while the prefix is being sent, the rest of the prefix is
    /// not sent (the source is then subscribed and disposed at once, as in RxSwift).
    @inlinable
    public func startWith(_ elements: Element...) -> Observable<Element> {
        startWith(prefix: elements)
    }

    /// The body of `startWith(_:)`, taking the prefix as an array (so `Infallible.startWith` can
    /// pass its variadic arguments on).
    @inlinable
    func startWith(prefix elements: [Element]) -> Observable<Element> {
        OperatorObservable(SourceParameters(asObservable(), elements)) { parameters, downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            for element in parameters.value {
                if sink.isDisposed { break }
                sink.forwardNext(element)
            }
            parameters.source._subscribe({ event in sink.forward(event) }, sink)
        }
    }
}
