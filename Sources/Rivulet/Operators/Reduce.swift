extension ObservableType {
    /// Applies `accumulator` to a running value, starting from `seed`, and sends `mapResult` of
    /// the final value when the source completes; a throw of either closure ends the stream with
    /// that error.
    ///
    /// ```
    /// source:                                  --1--2--3--|
    /// reduce(0, accumulator: +) { "\($0)" }:   -----------("6"|)
    /// ```
    ///
    /// Each subscription starts again from `seed`. For every intermediate value, see `scan`.
    @inlinable
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = StateSink<Result, A>(downstream, state: seed)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if sink.isStopped { return }
                        do { sink.state = try accumulator(sink.state, value) } catch {
                            sink.forward(.error(error))
                        }
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        let result: Result
                        do { result = try mapResult(sink.state) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.finish(with: result)
                    }
                }, sink)
        }
    }

    /// Applies `accumulator` to a running value, starting from `seed`, and sends the final value
    /// when the source completes; a throw ends the stream with that error.
    ///
    /// ```
    /// source:                     --1--2--3--|
    /// reduce(0, accumulator: +):  -----------(6|)
    /// ```
    ///
    /// An empty source sends `seed`. Each subscription starts again from `seed`.
    @inlinable
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }
}
