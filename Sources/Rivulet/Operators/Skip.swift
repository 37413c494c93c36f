extension ObservableType {
    /// Drops the first `count` values and passes on the rest.
    ///
    /// ```
    /// source:  --1--2--3--4--|
    /// skip(2): --------3--4--|
    /// ```
    ///
    /// A `count` of 0 passes every value on; so does a negative one, which is reported to
    /// `Hooks.misuseHandler`.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        if count < 0 { Hooks.reportMisuse("skip(\(count))", "count is negative; skipping no values") }
        return OperatorObservable(SourceParameters(asObservable(), count)) { parameters, downstream, subscriber in
            let sink = StateSink(downstream, state: parameters.value)
            subscriber.setUpstream(sink)
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let remaining = sink.state
                        if remaining > 0 {
                            sink.state = remaining - 1
                        } else {
                            sink.forwardNext(value)
                        }
                    case .error, .completed:
                        sink.forward(event)
                    }
                }, sink)
        }
    }
}
