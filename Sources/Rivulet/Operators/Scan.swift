extension ObservableType {
    /// Applies `accumulator` to a running value, starting from `seed`, and sends every
    /// intermediate result; a throw ends the stream with that error.
    ///
    /// ```
    /// source:                   --1--2--3--|
    /// scan(into: 0) { $0 += $1 }: --1--3--6--|
    /// ```
    ///
    /// Each subscription starts again from `seed`.
    @inlinable
    public func scan<Accumulate>(
        into seed: Accumulate,
        accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        OperatorObservable(ScanParameters(asObservable(), seed, accumulator)) { parameters, downstream, subscriber in
            let accumulator = parameters.accumulator
            let sink = StateSink(downstream, state: parameters.seed)
            subscriber.setUpstream(sink)
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        do { try accumulator(&sink.state, value) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(sink.state)
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }

    /// Applies `accumulator` to a running value, starting from `seed`, and sends every
    /// intermediate result; a throw ends the stream with that error.
    ///
    /// ```
    /// source:              --1--2--3--|
    /// scan(0) { $0 + $1 }: --1--3--6--|
    /// ```
    ///
    /// Each subscription starts again from `seed`.
    @inlinable
    public func scan<Accumulate>(
        _ seed: Accumulate,
        accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        scan(into: seed) { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
    }
}
