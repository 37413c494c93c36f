import Rivulet

extension Publisher {
    /// Resubscribes to the upstream after a failure, up to `retries` times; fails with the last
    /// failure when every retry has failed (the twin of Rx `retry(retries + 1)`: Rx counts
    /// attempts, Combine counts retries).
    ///
    /// ```
    /// upstream (each subscription): --1--#
    /// retry(1):                     --1----1--#
    /// ```
    ///
    /// `retry(0)` is the upstream itself; a negative count counts as 0. Each failed subscription
    /// ends before the next one starts, and an upstream that fails synchronously does not
    /// recurse.
    @inlinable
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers {
    /// The publisher `retry(_:)` returns.
    public struct Retry<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher resubscribed to.
        public let upstream: Upstream
        /// How many times to resubscribe after a failure; `nil` for no limit.
        public let retries: Int?

        /// `upstream`, resubscribed up to `retries` times (`nil`: without limit) after a failure.
        @inlinable
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().retry(retries + 1)`, or `retry()` without a limit.
        @inlinable
        func engineStream() -> Observable<Output> {
            let source = upstream.asObservable()
            guard let retries, retries < Int.max else { return source.retry() }
            return source.retry(Swift.max(0, retries) + 1)
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}
