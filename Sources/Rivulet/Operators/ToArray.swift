extension ObservableType {
    /// A `Single` of every value of the source, in order, sent as one array when the source
    /// completes.
    ///
    /// ```
    /// source:    --1--2--3--|
    /// toArray(): -----------([1,2,3]|)
    /// ```
    ///
    /// An error of the source fails the `Single`. Each subscription collects its own array.
    @inlinable
    public func toArray() -> Single<[Element]> {
        let source = asObservable()
        return Single(
            raw: AnonymousObservable { downstream, subscriber in
                let sink = StateSink<[Element], [Element]>(downstream, state: [])
                subscriber.setUpstream(sink)
                source._subscribe(
                    { event in
                        switch event {
                        case .next(let value): sink.state.append(value)
                        case .error(let error): sink.forward(.error(error))
                        case .completed:
                            let values = sink.state
                            sink.state = []
                            sink.finish(with: values)
                        }
                    }, sink)
            })
    }
}
