extension ObservableType {
    /// Transforms each value with `transform`; a throw ends the stream with that error.
    ///
    /// ```
    /// source:          --1--2--3--|
    /// map { $0 * 10 }: --10-20-30-|
    /// ```
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let result: Result
                        do { result = try transform(value) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(result)
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}
