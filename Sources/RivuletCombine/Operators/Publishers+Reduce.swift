import Rivulet

extension Publisher {
    /// Combines every value with `nextPartialResult`, starting from `initialResult`, and sends
    /// the final result when the upstream finishes (`initialResult` when it sent no value).
    ///
    /// ```
    /// upstream:       --1--2--3--|
    /// reduce(0, +):   -----------(6|)
    /// ```
    ///
    /// A failure is passed on instead of the result. `scan` sends every intermediate result.
    @inlinable
    public func reduce<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> Publishers.Reduce<Self, Result> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// `reduce` with a closure that may throw: a throw fails the publisher with that error and
    /// cancels the upstream.
    @inlinable
    public func tryReduce<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Output) throws -> Result
    ) -> Publishers.TryReduce<Self, Result> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// The publisher `reduce(_:_:)` returns. Each subscription starts from `initial`.
    public struct Reduce<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher reduced.
        public let upstream: Upstream
        /// The starting result.
        public let initial: Output
        /// Combines the result so far with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of the final result of reducing `upstream`.
        @inlinable
        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` through a `Reduce` subscription (see `ReduceSubscription`): the
        /// upstream is asked for everything; the result is sent, with `.finished`, once the
        /// upstream has finished and `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let nextPartialResult = self.nextPartialResult
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "Reduce", initial: initial, convertFailure: { $0 },
                    step: { result, value in
                        if let partial = result { result = nextPartialResult(partial, value) }
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().reduce(initial, accumulator: nextPartialResult)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().reduce(initial, accumulator: nextPartialResult)
        }
    }

    /// The publisher `tryReduce(_:_:)` returns.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing closure can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher reduced.
        public let upstream: Upstream
        /// The starting result.
        public let initial: Output
        /// Combines the result so far with the next value; a throw fails the publisher.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// A publisher of the final result of reducing `upstream`.
        @inlinable
        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` through a `TryReduce` subscription (see `ReduceSubscription`): as
        /// `reduce`, and a throw cancels the upstream and fails `subscriber` at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let nextPartialResult = self.nextPartialResult
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Upstream.Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "TryReduce", initial: initial, convertFailure: { $0 },
                    step: { result, value in
                        guard let partial = result else { return .proceed }
                        do {
                            result = try nextPartialResult(partial, value)
                            return .proceed
                        } catch {
                            return .fail(error)
                        }
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().reduce(initial, accumulator: nextPartialResult)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().reduce(initial, accumulator: nextPartialResult)
        }
    }
}
