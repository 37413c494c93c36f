import Rivulet

extension Publisher {
    /// Transforms each value and forwards the non-`nil` results (the twin of Rx `compactMap`).
    ///
    /// ```
    /// upstream:                --"1"--"x"--"3"--|
    /// compactMap { Int($0) }:  --1----------3---|
    /// ```
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Output) -> Result?) -> Publishers.CompactMap<Self, Result> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Transforms each value with a closure that may throw and forwards the non-`nil` results; a
    /// throw fails the publisher.
    @inlinable
    public func tryCompactMap<Result>(
        _ transform: @escaping (Output) throws -> Result?
    ) -> Publishers.TryCompactMap<Self, Result> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// The publisher `compactMap(_:)` returns.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform; `nil` results are dropped.
        public let transform: (Upstream.Output) -> Output?

        /// A publisher that forwards the non-`nil` results of `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that passes on the non-`nil`
        /// results and asks the upstream for one more for each `nil`; `subscriber` receives the
        /// upstream's own subscription (Combine's `CompactMap`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(CompactMapSubscriber(downstream: .erase(subscriber), transform: transform))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().compactMap(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().compactMap(transform)
        }
    }

    /// The publisher `tryCompactMap(_:)` returns.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing transform can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform; `nil` results are dropped.
        public let transform: (Upstream.Output) throws -> Output?

        /// A publisher that forwards the non-`nil` results of `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` to `upstream` through a `TryCompactMap` subscription: demand
        /// passes through, a `nil` result asks the upstream for one more, a throw cancels the
        /// upstream (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryCompactMapSubscription(
                    downstream: .erase(subscriber), convertFailure: { $0 }, transform: transform))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().compactMap(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().compactMap(transform)
        }
    }
}

/// `compactMap`'s subscriber on the demand path: transparent (see `ForwardingSubscriber`); a `nil`
/// result returns `.max(1)`.
private final class CompactMapSubscriber<Input, Output, Failure: Swift.Error>:
    ForwardingSubscriber<Input, Output, Failure>
{
    let transform: (Input) -> Output?

    init(downstream: DemandSubscriber<Output, Failure>, transform: @escaping (Input) -> Output?) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
    }

    override var description: String { "CompactMap" }
}

/// `tryCompactMap`'s subscription on the demand path (see `DecidingSubscription`).
private final class TryCompactMapSubscription<Input, UpstreamFailure: Swift.Error, Output>:
    DecidingSubscription<Input, UpstreamFailure, Output, Swift.Error>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `transform` is immutable.
    let transform: (Input) throws -> Output?

    init(
        downstream: DemandSubscriber<Output, Swift.Error>, convertFailure: @escaping (UpstreamFailure) -> Swift.Error,
        transform: @escaping (Input) throws -> Output?
    ) {
        self.transform = transform
        super.init(downstream: downstream, convertFailure: convertFailure)
    }

    override func decide(_ input: Input) -> ValueVerdict<Output, Swift.Error> {
        do {
            guard let output = try transform(input) else { return .drop }
            return .send(output)
        } catch {
            return .fail(error)
        }
    }

    override var description: String { "TryCompactMap" }

    override var customMirror: Mirror { Mirror(self, children: [("downstream", downstream.reflected)]) }
}

extension Publishers.CompactMap {
    /// Fuses two compact maps into one `Publishers.CompactMap` over the original upstream (as
    /// Combine does): `transform` runs only on the values the first does not drop.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Output) -> Result?)
        -> Publishers.CompactMap<Upstream, Result>
    {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// Fuses this compact map and a map into one `Publishers.CompactMap` over the original
    /// upstream (as Combine does).
    @inlinable
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.CompactMap<Upstream, Result> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}

extension Publishers.TryCompactMap {
    /// Fuses this throwing compact map and `transform` into one `Publishers.TryCompactMap` over
    /// the original upstream (as Combine does).
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Output) throws -> Result?)
        -> Publishers.TryCompactMap<Upstream, Result>
    {
        let first = self.transform
        return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
}
