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
            forwardPrefix(parameters.value, sink)
            parameters.source._subscribe({ event in sink.forward(event) }, sink)
        }
    }
}

/// `startWith`'s values, forwarded before the source is subscribed to. They are sent once per
/// subscription, so this is compiled once, here, and runs unspecialised. The body is an internal
/// function, which keeps cross-module optimisation from handing it to other modules.
@usableFromInline
func forwardPrefix<Element>(_ elements: [Element], _ sink: StateSink<Element, Void>) {
    forwardPrefixOnce(elements, sink)
}

func forwardPrefixOnce<Element>(_ elements: [Element], _ sink: StateSink<Element, Void>) {
    for element in elements {
        if sink.isDisposed { break }
        sink.forwardNext(element)
    }
}
