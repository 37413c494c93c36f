extension ObservableType {
    /// Drops values while `predicate` returns `true`; from the first value for which it returns
    /// `false` on, passes every value on without calling `predicate` again. A throw ends the stream.
    ///
    /// ```
    /// source:                  --1--2--3--1--|
    /// skip(while: { $0 < 3 }): --------3--1--|
    /// ```
    @inlinable
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            // state: `true` while values are still being skipped.
            let sink = StateSink(downstream, state: true)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if sink.state {
                            let skips: Bool
                            do { skips = try predicate(value) } catch {
                                sink.forward(.error(error))
                                return
                            }
                            if skips { return }
                            sink.state = false
                        }
                        sink.forwardNext(value)
                    case .error, .completed:
                        sink.forward(event)
                    }
                }, sink)
        }
    }

    /// Deprecated spelling of `skip(while:)`.
    @available(*, deprecated, renamed: "skip(while:)")
    @inlinable
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }
}
