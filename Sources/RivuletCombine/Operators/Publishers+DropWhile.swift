import Rivulet

extension Publisher {
    /// Drops values while `predicate` returns `true`; from the first value for which it returns
    /// `false` on, passes every value on without calling it again (the twin of Rx `skip(while:)`).
    ///
    /// ```
    /// upstream:                --1--2--3--1--|
    /// drop { $0 < 3 }:         --------3--1--|
    /// ```
    @inlinable
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// `drop(while:)` with a predicate that may throw: a throw fails the publisher with that error
    /// and cancels the upstream.
    @inlinable
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `drop(while:)` returns.
    public struct DropWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are dropped.
        public let upstream: Upstream
        /// `true` while values are dropped.
        public let predicate: (Output) -> Bool

        /// `upstream` without its leading values that satisfy `predicate`.
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

        /// `upstream.asObservable().skip(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().skip(while: predicate)
        }
    }

    /// The publisher `tryDrop(while:)` returns.
    public struct TryDropWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher whose leading values are dropped.
        public let upstream: Upstream
        /// `true` while values are dropped; a throw fails the publisher.
        public let predicate: (Output) throws -> Bool

        /// `upstream` without its leading values that satisfy `predicate`.
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

        /// `upstream.asObservable().skip(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().skip(while: predicate)
        }
    }
}
