extension ObservableType {
    /// Transforms each value with `transform`; a throw ends the stream with that error.
    ///
    /// ```
    /// source:          --1--2--3--|
    /// map { $0 * 10 }: --10-20-30-|
    /// ```
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        // Stateless: no sink of its own. The source feeds the downstream's subscriber directly,
        // which enforces the grammar and ends the source's subscription when it stops.
        OperatorObservable(TransformParameters(asObservable(), transform)) { parameters, downstream, subscriber in
            let transform = parameters.transform
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let result: Result
                        do { result = try transform(value) } catch {
                            downstream(.error(error))
                            subscriber.dispose()
                            return
                        }
                        downstream(.next(result))
                    case .error(let error):
                        downstream(.error(error))
                    case .completed:
                        downstream(.completed)
                    }
                }, subscriber)
        }
    }
}
