extension ObservableType {
    /// Passes on the source's events until `other` sends a value; then completes and disposes
    /// both. An error from `other` ends the stream with that error; `other` completing without a
    /// value is ignored (the source keeps going).
    ///
    /// ```
    /// source:            --1--2--3--4--|
    /// other:             ---------x-----
    /// take(until: other): --1--2--|
    /// ```
    ///
    /// `other` is subscribed first. The two may send from different threads: events are
    /// serialised, and nothing is delivered after the stream ended or was disposed.
    @inlinable
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = TriggerSink(downstream)
            subscriber.setUpstream(sink)
            other._subscribe(
                { event in
                    switch event {
                    case .next:
                        sink.send(.completed)
                    case .error(let error):
                        sink.send(.error(error))
                    case .completed:
                        sink.trigger.dispose()
                    }
                }, sink.trigger)
            source._subscribe({ event in sink.send(event) }, sink)
        }
    }

    /// Deprecated spelling of `take(until:)`.
    @available(*, deprecated, renamed: "take(until:)")
    @inlinable
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}
