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
                    guard case .next(let value) = event else {
                        forwardTerminal(event, downstream)
                        return
                    }
                    let result: Result?
                    do { result = try transform(value) } catch {
                        failStateless(error, downstream, subscriber)
                        return
                    }
                    if let result { downstream(.next(result)) }
                }, subscriber)
        }
    }
}
