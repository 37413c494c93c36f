import Rivulet

extension Publisher {
    /// Passes values on while `predicate` returns `true`; at the first value for which it returns
    /// `false`, finishes and cancels the upstream (the twin of Rx `take(while:)`).
    ///
    /// ```
    /// upstream:            --1--2--3--4--|
    /// prefix { $0 < 3 }:   --1--2--|
    /// ```
    @inlinable
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// `prefix(while:)` with a predicate that may throw: a throw fails the publisher with that
    /// error and cancels the upstream.
    @inlinable
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `prefix(while:)` returns.
    public struct PrefixWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are passed on.
        public let upstream: Upstream
        /// `true` while values are passed on.
        public let predicate: (Output) -> Bool

        /// The leading values of `upstream` that satisfy `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().take(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().take(while: predicate)
        }
    }

    /// The publisher `tryPrefix(while:)` returns.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher whose leading values are passed on.
        public let upstream: Upstream
        /// `true` while values are passed on; a throw fails the publisher.
        public let predicate: (Output) throws -> Bool

        /// The leading values of `upstream` that satisfy `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().take(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().take(while: predicate)
        }
    }
}
