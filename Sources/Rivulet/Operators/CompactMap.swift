extension ObservableType {
    /// Transforms each value with `transform` and passes on the non-`nil` results; a throw ends the
    /// stream with that error.
    ///
    /// ```
    /// source:                --"1"--"x"--"3"--|
    /// compactMap { Int($0) }: --1----------3---|
    /// ```
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let result: Result?
                        do { result = try transform(value) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        if let result { sink.forwardNext(result) }
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}
