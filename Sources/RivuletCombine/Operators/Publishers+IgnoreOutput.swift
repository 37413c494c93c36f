import Rivulet

extension Publisher {
    /// Drops every value and passes on only the completion (the twin of Rx `ignoreElements()`).
    ///
    /// ```
    /// upstream:        --1--2--3--|
    /// ignoreOutput():  -----------|
    /// ```
    @inlinable
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// The publisher `ignoreOutput()` returns: it never sends a value.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher, EnginePublisher {
        /// No value is ever sent.
        public typealias Output = Never
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose completion is passed on.
        public let upstream: Upstream

        /// The completion of `upstream`, without its values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().ignoreElements()`.
        @inlinable
        func engineStream() -> Observable<Never> {
            upstream.asObservable().ignoreElements()
        }
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}
