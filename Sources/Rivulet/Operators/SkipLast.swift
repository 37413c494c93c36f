extension ObservableType {
    /// Passes on every value but the last `count`: each value is held until `count` later values
    /// have arrived; the ones still held when the source completes are dropped.
    ///
    /// ```
    /// source:      --1--2--3--4--|
    /// skipLast(2): --------1--2--|
    /// ```
    ///
    /// A `count` of 0 passes every value on at once; so does a negative one, which is reported to
    /// `Hooks.misuseHandler`. (RxSwift has no `skipLast`; this is
    /// the ReactiveX operator of that name.)
    @inlinable
    public func skipLast(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        if count <= 0 {
            if count < 0 { Hooks.reportMisuse("skipLast(\(count))", "count is negative; skipping no values") }
            return source
        }
        return AnonymousObservable { downstream, subscriber in
            let sink = StateSink(downstream, state: RingBuffer<Element>())
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        sink.state.append(value)
                        if sink.state.count > count, let oldest = sink.state.removeFirst() {
                            sink.forwardNext(oldest)
                        }
                    case .error, .completed:
                        sink.state = RingBuffer()
                        sink.forward(event)
                    }
                }, sink)
        }
    }
}
