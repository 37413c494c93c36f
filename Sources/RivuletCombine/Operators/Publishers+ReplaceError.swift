import Rivulet

extension Publisher {
    /// Replaces a failure with `output`, then finishes (the twin of Rx `catchAndReturn`).
    ///
    /// ```
    /// upstream:             --1--2--#
    /// replaceError(with: 0): --1--2--(0|)
    /// ```
    @inlinable
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers {
    /// The publisher `replaceError(with:)` returns; it cannot fail.
    public struct ReplaceError<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// Failures are replaced.
        public typealias Failure = Never

        /// The publisher whose failure is replaced.
        public let upstream: Upstream
        /// The value sent instead of the failure.
        public let output: Output

        /// `upstream`, with a failure replaced by `output`.
        @inlinable
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().catchAndReturn(output)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().catchAndReturn(output)
        }
    }
}
