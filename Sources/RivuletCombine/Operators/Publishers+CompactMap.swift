import Rivulet

extension Publisher {
    /// Transforms each value and forwards the non-`nil` results (the twin of Rx `compactMap`).
    ///
    /// ```
    /// upstream:                --"1"--"x"--"3"--|
    /// compactMap { Int($0) }:  --1----------3---|
    /// ```
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Output) -> Result?) -> Publishers.CompactMap<Self, Result> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Transforms each value with a closure that may throw and forwards the non-`nil` results; a
    /// throw fails the publisher.
    @inlinable
    public func tryCompactMap<Result>(
        _ transform: @escaping (Output) throws -> Result?
    ) -> Publishers.TryCompactMap<Self, Result> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// The publisher `compactMap(_:)` returns.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform; `nil` results are dropped.
        public let transform: (Upstream.Output) -> Output?

        /// A publisher that forwards the non-`nil` results of `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().compactMap(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().compactMap(transform)
        }
    }

    /// The publisher `tryCompactMap(_:)` returns.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing transform can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform; `nil` results are dropped.
        public let transform: (Upstream.Output) throws -> Output?

        /// A publisher that forwards the non-`nil` results of `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().compactMap(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().compactMap(transform)
        }
    }
}
