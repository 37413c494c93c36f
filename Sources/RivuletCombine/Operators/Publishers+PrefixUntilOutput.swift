import Rivulet

extension Publisher {
    /// Sends values until `publisher` sends its first value, then cancels the upstream and
    /// finishes (the twin of Rx `take(until:)`). The other publisher's completion or failure is
    /// ignored, as in Combine.
    ///
    /// Demand: the subscriber's requests go to the upstream; `publisher` is asked for one value,
    /// and cancelled after it (Combine leaves it subscribed).
    ///
    /// ```
    /// upstream:                      --1--2--3--4--|
    /// other:                         --------x
    /// prefix(untilOutputFrom: other): --1--2--|
    /// ```
    @inlinable
    public func prefix<Other: Publisher>(untilOutputFrom publisher: Other) -> Publishers.PrefixUntilOutput<Self, Other>
    {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// The publisher `prefix(untilOutputFrom:)` returns.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher limited.
        public let upstream: Upstream
        /// The publisher whose first value ends the prefix.
        public let other: Other

        /// The values of `upstream` until `other` sends.
        @inlinable
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        /// Subscribes `other`, then `upstream`; `subscriber` receives a `PrefixUntilOutput`
        /// subscription when the upstream's arrives (see `UntilOutputSubscription`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = UntilOutputSubscription<Output, Failure>.start(.erase(subscriber), drops: false)
            other.subscribe(subscription.otherSide(Other.Output.self, Other.Failure.self))
            upstream.subscribe(subscription)
        }

        /// Exact when both publishers are (the engine's `take(until:)` ignores the other's
        /// failure and completion, as Combine does).
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine && other.isExactOnEngine }

        /// `upstream.asObservable().take(until: other)`, with the other's failure ignored.
        @inlinable
        func engineStream() -> Observable<Output> {
            let trigger = other.asObservable().catch { _ in Observable.never() }
            return upstream.asObservable().take(until: trigger)
        }
    }
}
