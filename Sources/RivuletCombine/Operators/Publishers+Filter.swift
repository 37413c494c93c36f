import Rivulet

extension Publisher {
    /// Forwards only the values for which `isIncluded` returns `true` (the twin of Rx `filter`).
    ///
    /// ```
    /// upstream:              --1--2--3--4--|
    /// filter { $0 % 2 == 0 }: -----2-----4--|
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Forwards only the values for which `isIncluded` returns `true`; a throw fails the publisher.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// The publisher `filter(_:)` returns.
    public struct Filter<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher this one filters.
        public let upstream: Upstream
        /// The predicate a value must satisfy to be forwarded.
        public let isIncluded: (Upstream.Output) -> Bool

        /// A publisher that forwards `upstream`'s values that satisfy `isIncluded`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().filter(isIncluded)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().filter(isIncluded)
        }
    }

    /// The publisher `tryFilter(_:)` returns.
    public struct TryFilter<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher this one filters.
        public let upstream: Upstream
        /// The predicate a value must satisfy to be forwarded.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// A publisher that forwards `upstream`'s values that satisfy `isIncluded`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().filter(isIncluded)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().filter(isIncluded)
        }
    }
}
