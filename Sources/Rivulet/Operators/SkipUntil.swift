extension ObservableType {
    /// Drops the source's values until `other` sends a value, then passes them on.
    ///
    /// ```
    /// source:             --1--2--3--4--|
    /// other:              ------x--------
    /// skip(until: other): --------3--4--|
    /// ```
    ///
    /// `other` is disposed after its first value or its completion; its error ends the stream.
    /// As in RxSwift, if the source completes before `other` has sent a value, the stream ends
    /// without a completion event (both subscriptions are disposed, and the subscriber at the end
    /// of the chain drops its handlers, as RxSwift frees its observer). The source is subscribed
    /// first. The two may send from different threads: events are serialised.
    @inlinable
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = TriggerSink(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next:
                        if sink.isOpenForSource { sink.send(event) }
                    case .error:
                        sink.send(event)
                    case .completed:
                        if sink.isOpenForSource {
                            sink.send(event)
                        } else {
                            sink.endWithoutEvent()
                        }
                    }
                }, sink)
            other._subscribe(
                { event in
                    switch event {
                    case .next:
                        sink.open()
                        sink.trigger.dispose()
                    case .error(let error):
                        sink.send(.error(error))
                    case .completed:
                        sink.trigger.dispose()
                    }
                }, sink.trigger)
        }
    }

    /// Deprecated spelling of `skip(until:)`.
    @available(*, deprecated, renamed: "skip(until:)")
    @inlinable
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}
