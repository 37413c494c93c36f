import Rivulet

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
    public struct Scan<Upstream: Publisher, Output>: Publisher, EnginePublisher {
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)
        }
    }
}

extension Publisher {
    /// `scan` with a closure that may throw: a throw fails the publisher with that error and
    /// cancels the upstream (the twin of Rx `scan` with a throwing accumulator).
    ///
    /// ```
    /// upstream:                   --1--2--3--|
    /// tryScan(0, +):              --1--3--6--|
    /// ```
    @inlinable
    public func tryScan<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Output) throws -> Result
    ) -> Publishers.TryScan<Self, Result> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// The publisher `tryScan(_:_:)` returns. Each subscription starts from `initialResult`.
    public struct TryScan<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing closure can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher accumulated.
        public let upstream: Upstream
        /// The starting result.
        public let initialResult: Output
        /// Combines the result so far with the next value; a throw fails the publisher.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// A publisher of the running results over `upstream`.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)
        }
    }
}
