import Rivulet

extension Publisher {
    /// Sends `output` if the upstream finishes without having sent a value; otherwise passes
    /// everything on unchanged.
    ///
    /// ```
    /// upstream:               -----|
    /// replaceEmpty(with: 0):  -----(0|)
    /// ```
    ///
    /// A failure is passed on as it is (an upstream that fails without a value sends no `output`).
    @inlinable
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// The publisher `replaceEmpty(with:)` returns.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The value sent for an empty upstream.
        public let output: Output
        /// The publisher whose emptiness is replaced.
        public let upstream: Upstream

        /// `upstream`, or `output` if it finishes empty.
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

        /// `upstream.asObservable().ifEmpty(default: output)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().ifEmpty(default: output)
        }
    }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
