import Rivulet

extension Publisher where Output: Equatable {
    /// Drops each value equal to the one sent just before it (the twin of Rx
    /// `distinctUntilChanged()`).
    ///
    /// ```
    /// upstream:            --1--1--2--2--1--|
    /// removeDuplicates():  --1-----2-----1--|
    /// ```
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Drops each value for which `predicate(previous, value)` returns `true` (the twin of Rx
    /// `distinctUntilChanged(_:)`).
    @inlinable
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self>
    {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `removeDuplicates` returns.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher filtered.
        public let upstream: Upstream
        /// `true` when the second value duplicates the first.
        public let predicate: (Output, Output) -> Bool

        /// A publisher that drops consecutive duplicates of `upstream` by `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().distinctUntilChanged(predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().distinctUntilChanged(predicate)
        }
    }
}

extension Publisher {
    /// `removeDuplicates(by:)` with a predicate that may throw: a throw fails the publisher with
    /// that error and cancels the upstream.
    @inlinable
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `tryRemoveDuplicates(by:)` returns.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher filtered.
        public let upstream: Upstream
        /// `true` when the second value duplicates the first; a throw fails the publisher.
        public let predicate: (Output, Output) throws -> Bool

        /// A publisher that drops consecutive duplicates of `upstream` by `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().distinctUntilChanged(predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().distinctUntilChanged(predicate)
        }
    }
}
