import Rivulet

extension Publisher {
    /// Keeps up to `size` values for a subscriber that has not asked for them yet; `whenFull`
    /// decides what happens to one more (Combine's `buffer(size:prefetch:whenFull:)`).
    ///
    /// ```swift
    /// source.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slowSubscriber)
    /// ```
    ///
    /// Not converted to Combine's demand yet (issue 15): the buffer takes everything its upstream
    /// sends, so it matters where a subscriber keeps demand: a custom `Subscriber` attached to it
    /// directly gets at most `size` values waiting in its subscription, with the newest dropped
    /// (`.dropNewest`), the oldest dropped (`.dropOldest`), or the publisher failing at once with
    /// `customError()` (the values waiting are dropped and the upstream cancelled). Behind an
    /// operator, and for `sink` and `assign` (which ask for everything), values pass straight on.
    /// The upstream is asked for everything whatever `prefetch` says.
    @inlinable
    public func buffer(
        size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers {
    /// How a buffer asks its upstream for values (Combine's `Publishers.PrefetchStrategy`).
    /// `buffer` is not converted to Combine's demand yet (issue 15): both ask for everything.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// Asks for enough values to keep the buffer full.
        case keepFull
        /// Passes the subscriber's demand on.
        case byRequest
    }

    /// What a full buffer does with one more value (Combine's `Publishers.BufferingStrategy`).
    public enum BufferingStrategy<Failure: Swift.Error> {
        /// Drops the value that arrived.
        case dropNewest
        /// Drops the oldest value waiting, and keeps the one that arrived.
        case dropOldest
        /// Fails the publisher with the error the closure makes.
        case customError(() -> Failure)
    }

    /// The publisher `buffer(size:prefetch:whenFull:)` returns.
    public struct Buffer<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher buffered.
        public let upstream: Upstream
        /// The most values kept.
        public let size: Int
        /// How the upstream is asked for values.
        public let prefetch: PrefetchStrategy
        /// What a full buffer does with one more value.
        public let whenFull: BufferingStrategy<Upstream.Failure>

        /// `upstream`, with up to `size` values kept for a subscriber that has not asked yet.
        @inlinable
        public init(
            upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Upstream.Failure>
        ) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        /// Attaches `subscriber` with a subscription that keeps at most `size` values waiting.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            DemandSubscription.attach(subscriber, to: engineStream(), capacity: size, whenFull: whenFull)
        }

        /// The upstream's engine stream (values pass straight on: the buffering happens in the
        /// subscription a subscriber is given).
        @inlinable
        func engineStream() -> Observable<Output> { upstream.asObservable() }
    }
}
