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
        // Stateless: no sink of its own (see `map`).
        OperatorObservable(CompactMapParameters(asObservable(), transform)) { parameters, downstream, subscriber in
            let transform = parameters.transform
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let result: Result?
                        do { result = try transform(value) } catch {
                            downstream(.error(error))
                            subscriber.dispose()
                            return
                        }
                        if let result { downstream(.next(result)) }
                    case .error(let error):
                        downstream(.error(error))
                    case .completed:
                        downstream(.completed)
                    }
                }, subscriber)
        }
    }
}
