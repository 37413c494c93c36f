import Rivulet

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers (the twin of Rx
    /// `share()`): the first subscriber connects, the last one to cancel disconnects, and a later
    /// subscriber connects again.
    ///
    /// Subscribers that arrive after a value was sent do not receive it.
    @inlinable
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}

extension Publishers {
    /// The publisher `share()` returns. A class, as in Combine: copies of it share the one
    /// connection.
    public final class Share<Upstream: Publisher>: Publisher, EnginePublisher, Equatable {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher shared.
        public let upstream: Upstream
        @usableFromInline let shared: Observable<Output>

        /// Shares `upstream`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = upstream.asObservable().share()
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The shared engine observable (the same one for every subscriber).
        @inlinable
        func engineStream() -> Observable<Output> { shared }

        /// Identity.
        public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
    }
}
