extension Publisher {
    /// Sends each running result of `nextPartialResult`, starting from `initialResult` (the twin
    /// of Rx `scan`).
    ///
    /// ```
    /// upstream:        --1--2--3--|
    /// scan(0, +):      --1--3--6--|
    /// ```
    @inlinable
    public func scan<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> Publishers.Scan<Self, Result> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// The publisher `scan(_:_:)` returns. Each subscription starts from `initialResult`.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher accumulated.
        public let upstream: Upstream
        /// The starting result.
        public let initialResult: Output
        /// Combines the result so far with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of the running results over `upstream`.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// `upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)
        }
    }
}
