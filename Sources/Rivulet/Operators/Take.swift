extension ObservableType {
    /// Passes on the first `count` values, then completes and disposes the source.
    ///
    /// ```
    /// source:  --1--2--3--4--|
    /// take(2): --1--2|
    /// ```
    ///
    /// `take(0)` completes at once without subscribing to the source. A negative `count` is
    /// reported to `Hooks.misuseHandler` and behaves as 0 (RxSwift stops the program). The count is decremented before a value is forwarded, so a value that arrives
    /// reentrantly while the last one is being delivered is dropped. If the subscriber disposes
    /// while receiving the last value, the completion is not sent.
    @inlinable
    public func take(_ count: Int) -> Observable<Element> {
        if count <= 0 {
            if count < 0 { Hooks.reportMisuse("take(\(count))", "count is negative; completing at once, as take(0)") }
            return Observable.empty()
        }
        return OperatorObservable(SourceParameters(asObservable(), count)) { parameters, downstream, subscriber in
            let sink = StateSink(downstream, state: parameters.value)
            subscriber.setUpstream(sink)
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let remaining = sink.state
                        if remaining > 1 {
                            sink.state = remaining - 1
                            sink.forwardNext(value)
                            return
                        }
                        if remaining <= 0 || sink.isStopped { return }
                        takeLastValue(event, .completed, sink)
                    case .error, .completed:
                        sink.forward(event)
                    }
                }, sink)
        }
    }
}

/// `take`'s last value: counts down and stops before forwarding it, so an event that arrives
/// reentrantly during the delivery is dropped, then completes. Once per subscription, so compiled
/// once, here (the body is an internal function, which keeps cross-module optimisation from
/// handing it to other modules). The caller makes both events: built here, unspecialised, each
/// would cost a look-up of `Event<Element>`'s metadata (B3: +500 instructions per pipeline).
@usableFromInline
func takeLastValue<Element>(_ last: Event<Element>, _ completed: Event<Element>, _ sink: StateSink<Element, Int>) {
    takeLastValueOnce(last, completed, sink)
}

func takeLastValueOnce<Element>(_ last: Event<Element>, _ completed: Event<Element>, _ sink: StateSink<Element, Int>) {
    sink.state = 0
    sink.isStopped = true
    sink.downstream(last)
    if !sink.isDisposed { sink.downstream(completed) }
    sink.dispose()
}
