extension ObservableType {
    /// Passes on the value at `index` (counting from 0), then completes and disposes the source;
    /// fails with `RxError.argumentOutOfRange` when the source completes first.
    ///
    /// ```
    /// source:         --a--b--c--|
    /// element(at: 1): -----(b|)
    /// ```
    ///
    /// A negative `index` fails with `RxError.argumentOutOfRange` at once, without subscribing
    /// (RxSwift stops the program).
    @inlinable
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 {
            Hooks.reportMisuse("element(at: \(index))", "index is negative; failing with RxError.argumentOutOfRange")
            return Observable.error(RxError.argumentOutOfRange)
        }
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            // The state: how many values are still to be skipped.
            let sink = StateSink(downstream, state: index)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if sink.state > 0 {
                            sink.state -= 1
                            return
                        }
                        sink.finish(with: value)
                    case .error:
                        sink.forward(event)
                    case .completed:
                        sink.forward(.error(RxError.argumentOutOfRange))
                    }
                }, sink)
        }
    }

    /// Deprecated spelling of `element(at:)`.
    @available(*, deprecated, renamed: "element(at:)")
    @inlinable
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}
