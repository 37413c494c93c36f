import Rivulet

extension Publisher {
    /// Forwards only the values for which `isIncluded` returns `true` (the twin of Rx `filter`).
    ///
    /// ```
    /// upstream:              --1--2--3--4--|
    /// filter { $0 % 2 == 0 }: -----2-----4--|
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Forwards only the values for which `isIncluded` returns `true`; a throw fails the publisher.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// The publisher `filter(_:)` returns.
    public struct Filter<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher this one filters.
        public let upstream: Upstream
        /// The predicate a value must satisfy to be forwarded.
        public let isIncluded: (Upstream.Output) -> Bool

        /// A publisher that forwards `upstream`'s values that satisfy `isIncluded`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that passes on the values that
        /// satisfy `isIncluded` and asks the upstream for one more for each value it drops;
        /// `subscriber` receives the upstream's own subscription (Combine's `Filter`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FilterSubscriber(downstream: .erase(subscriber), isIncluded: isIncluded))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().filter(isIncluded)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().filter(isIncluded)
        }
    }

    /// The publisher `tryFilter(_:)` returns.
    public struct TryFilter<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher this one filters.
        public let upstream: Upstream
        /// The predicate a value must satisfy to be forwarded.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// A publisher that forwards `upstream`'s values that satisfy `isIncluded`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` to `upstream` through a `TryFilter` subscription: demand passes
        /// through, a dropped value asks the upstream for one more, a throw cancels the upstream
        /// (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryFilterSubscription(
                    downstream: .erase(subscriber), convertFailure: { $0 }, isIncluded: isIncluded))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().filter(isIncluded)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().filter(isIncluded)
        }
    }
}

/// `filter`'s subscriber on the demand path: transparent (see `ForwardingSubscriber`); a dropped
/// value returns `.max(1)`.
private final class FilterSubscriber<Input, Failure: Swift.Error>: ForwardingSubscriber<Input, Input, Failure> {
    let isIncluded: (Input) -> Bool

    init(downstream: DemandSubscriber<Input, Failure>, isIncluded: @escaping (Input) -> Bool) {
        self.isIncluded = isIncluded
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        isIncluded(input) ? downstream.receive(input) : .max(1)
    }

    override var description: String { "Filter" }
}

/// `tryFilter`'s subscription on the demand path (see `DecidingSubscription`).
private final class TryFilterSubscription<Input, UpstreamFailure: Swift.Error>:
    DecidingSubscription<Input, UpstreamFailure, Input, Swift.Error>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `isIncluded` is immutable.
    let isIncluded: (Input) throws -> Bool

    init(
        downstream: DemandSubscriber<Input, Swift.Error>, convertFailure: @escaping (UpstreamFailure) -> Swift.Error,
        isIncluded: @escaping (Input) throws -> Bool
    ) {
        self.isIncluded = isIncluded
        super.init(downstream: downstream, convertFailure: convertFailure)
    }

    override func decide(_ input: Input) -> ValueVerdict<Input, Swift.Error> {
        do {
            return try isIncluded(input) ? .send(input) : .drop
        } catch {
            return .fail(error)
        }
    }

    override var description: String { "TryFilter" }

    override var customMirror: Mirror { Mirror(self, children: [("downstream", downstream.reflected)]) }
}

extension Publishers.Filter {
    /// Fuses two filters into one `Publishers.Filter` over the original upstream (as Combine
    /// does): a value passes when both predicates hold, the second asked only when the first does.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    /// Fuses this filter and a throwing one into one `Publishers.TryFilter` over the original
    /// upstream (as Combine does).
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    /// Fuses this throwing filter and `isIncluded` into one `Publishers.TryFilter` over the
    /// original upstream (as Combine does).
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Fuses two throwing filters into one `Publishers.TryFilter` over the original upstream (as
    /// Combine does).
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}
