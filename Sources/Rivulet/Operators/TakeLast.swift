extension ObservableType {
    /// Passes on the last `count` values when the source completes, then completes.
    ///
    /// ```
    /// source:      --1--2--3--|
    /// takeLast(2): -----------(23|)
    /// ```
    ///
    /// Only `count` values are kept at a time. An error is passed on at once (the kept values are
    /// dropped). A `count` of 0 sends only the completion; so does a negative one, which is reported
    /// to `Hooks.misuseHandler` (RxSwift stops the program).
    @inlinable
    public func takeLast(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        if count < 0 { Hooks.reportMisuse("takeLast(\(count))", "count is negative; sending only the completion") }
        let limit = Swift.max(0, count)
        return AnonymousObservable { downstream, subscriber in
            let sink = StateSink(downstream, state: RingBuffer<Element>())
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if limit == 0 { return }
                        sink.state.append(value)
                        if sink.state.count > limit { _ = sink.state.removeFirst() }
                    case .error:
                        sink.state = RingBuffer()
                        sink.forward(event)
                    case .completed:
                        if sink.isStopped { return }
                        // A subscriber that disposes while receiving one of the values gets no more.
                        while let value = sink.state.removeFirst() {
                            sink.downstream(.next(value))
                            if sink.isDisposed { return }
                        }
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}
