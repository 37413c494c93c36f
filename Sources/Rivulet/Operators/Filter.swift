extension ObservableType {
    /// Passes on only the values for which `predicate` returns `true`; a throw ends the stream.
    ///
    /// ```
    /// source:               --1--2--3--4--|
    /// filter { $0.isEven }: -----2-----4--|
    /// ```
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        // Stateless: no sink of its own (see `map`).
        OperatorObservable(PredicateParameters(asObservable(), predicate)) { parameters, downstream, subscriber in
            let predicate = parameters.predicate
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let passes: Bool
                        do { passes = try predicate(value) } catch {
                            failStateless(error, downstream, subscriber)
                            return
                        }
                        if passes { downstream(event) }
                    case .error, .completed:
                        downstream(event)
                    }
                }, subscriber)
        }
    }
}
