import Rivulet

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers (the twin of Rx
    /// `share()`): the first subscriber connects, the last one to cancel disconnects, and a later
    /// subscriber connects again. As in Combine it is
    /// `multicast(subject: PassthroughSubject()).autoconnect()`: once the upstream has completed,
    /// a later subscriber receives the completion (Rx `share()` would subscribe again).
    ///
    /// Subscribers that arrive after a value was sent do not receive it; a subscriber's demand is
    /// its own (the subject drops a value for a subscriber that has not asked for one), and the
    /// upstream is asked for `.unlimited`.
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
        /// `upstream.multicast(subject: PassthroughSubject()).autoconnect()`, shared by both paths.
        @usableFromInline let inner: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        /// Shares `upstream`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
            inner = Autoconnect(upstream: Multicast(upstream: upstream) { PassthroughSubject() })
        }

        /// Subscribes `subscriber` through the shared autoconnected multicast (its subscription
        /// is the subject's `"PassthroughSubject"` one, wrapped by `Autoconnect`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.subscribe(subscriber)
        }

        /// Exact: the shared subject is Rivulet's, and the engine path shares the same connection.
        @inlinable
        var isEngineExact: Bool { inner.isExactOnEngine }

        /// The shared engine observable (the same one for every subscriber).
        @inlinable
        func engineStream() -> Observable<Output> { inner.asObservable() }

        /// Identity.
        public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
    }
}
