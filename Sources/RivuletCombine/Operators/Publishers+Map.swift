import Rivulet

extension Publisher {
    /// Transforms each value with `transform` (the twin of Rx `map`).
    ///
    /// ```
    /// upstream:         --1--2--3--|
    /// map { $0 * 10 }:  --10-20-30-|
    /// ```
    @inlinable
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Self, Result> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Transforms each value with a closure that may throw; a throw fails the publisher with that
    /// error (the twin of Rx `map` with a throwing closure).
    @inlinable
    public func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Self, Result> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// The publisher `map(_:)` returns.
    public struct Map<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform applied to each value.
        public let transform: (Upstream.Output) -> Output

        /// A publisher that transforms `upstream`'s values with `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().map(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().map(transform)
        }
    }

    /// The publisher `tryMap(_:)` returns.
    public struct TryMap<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing transform can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform applied to each value.
        public let transform: (Upstream.Output) throws -> Output

        /// A publisher that transforms `upstream`'s values with `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().map(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().map(transform)
        }
    }
}

extension Publishers.Map {
    /// Fuses two maps into one (as Combine does): the result is still a `Publishers.Map` over
    /// the original upstream.
    @inlinable
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Upstream, Result> {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }
}
