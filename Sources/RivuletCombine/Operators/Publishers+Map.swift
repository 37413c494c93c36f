import Rivulet

extension Publisher {
    /// Transforms each value with `transform` (the twin of Rx `map`).
    ///
    /// ```
    /// upstream:         --1--2--3--|
    /// map { $0 * 10 }:  --10-20-30-|
    /// ```
    @inlinable
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Self, Result> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Transforms each value with a closure that may throw; a throw fails the publisher with that
    /// error (the twin of Rx `map` with a throwing closure).
    @inlinable
    public func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Self, Result> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// The publisher `map(_:)` returns.
    public struct Map<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform applied to each value.
        public let transform: (Upstream.Output) -> Output

        /// A publisher that transforms `upstream`'s values with `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that transforms each value and
        /// passes everything else through: `subscriber` receives the upstream's own subscription,
        /// so its demand goes upstream unchanged (Combine's `Map`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MapSubscriber(downstream: .erase(subscriber), transform: transform))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().map(transform)
        }
    }

    /// The publisher `tryMap(_:)` returns.
    public struct TryMap<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing transform can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// The transform applied to each value.
        public let transform: (Upstream.Output) throws -> Output

        /// A publisher that transforms `upstream`'s values with `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` to `upstream` through a `TryMap` subscription: a throw cancels
        /// the upstream (once) and fails `subscriber` with the error; demand passes through.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(TryMapSubscription(downstream: .erase(subscriber), name: "TryMap", transform: transform))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map(transform)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().map(transform)
        }
    }
}

/// `map`'s subscriber on the demand path: transparent (see `ForwardingSubscriber`).
private final class MapSubscriber<Input, Output, Failure: Swift.Error>: ForwardingSubscriber<Input, Output, Failure> {
    let transform: (Input) -> Output

    init(downstream: DemandSubscriber<Output, Failure>, transform: @escaping (Input) -> Output) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(transform(input)) }

    override var description: String { "Map" }
}

/// The subscription of `tryMap` (and `decode`/`encode`, which are `tryMap`s under another name)
/// on the demand path. As Combine's `tryMap`: a value is transformed and passed on whatever the
/// state (also before the subscription and after the end, what a misbehaving upstream may send);
/// a throw cancels the upstream (once) and sends the failure; a completion is forwarded once,
/// while the subscription is live; demand passes through to the upstream. As Combine's `encode`
/// and `decode` (`endsWithSubscription`): a value that arrives when the subscription is not live
/// (before it, after the end or a cancel) is ignored and asks for nothing more, and a throw
/// ends the subscription only while it is live.
final class TryMapSubscription<Input, UpstreamFailure: Swift.Error, Output>:
    OperatorSubscription<Input, UpstreamFailure, Output, Swift.Error>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `transform` and `name` are immutable.
    let transform: (Input) throws -> Output
    let name: String
    /// Whether values are taken only while the subscription is live (`encode`, `decode`).
    let endsWithSubscription: Bool

    init(
        downstream: DemandSubscriber<Output, Swift.Error>, name: String, endsWithSubscription: Bool = false,
        transform: @escaping (Input) throws -> Output
    ) {
        self.transform = transform
        self.name = name
        self.endsWithSubscription = endsWithSubscription
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        if endsWithSubscription && !isLive { return .none }
        let output: Output
        do {
            output = try transform(input)
        } catch {
            if endsWithSubscription {
                endEarly(.failure(error))
                return .none
            }
            lock.lock()
            let upstream = slot.cancel()
            lock.unlock()
            upstream?.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
        return downstream.receive(output)
    }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        finishFromUpstream(completion.eraseFailure)
    }

    override var description: String { name }

    /// Combine's children for `encode`/`decode` (`downstream`, `finished`,
    /// `upstreamSubscription`); none for `tryMap`.
    override var customMirror: Mirror {
        guard endsWithSubscription else { return Mirror(self, children: []) }
        lock.lock()
        let (upstream, finished) = (slot.subscription, !slot.isAwaiting && !slot.isSubscribed)
        lock.unlock()
        return Mirror(
            self,
            children: [
                ("downstream", downstream.reflected), ("finished", finished), ("upstreamSubscription", upstream as Any),
            ])
    }
}

extension Publishers.Map {
    /// Fuses two maps into one (as Combine does): the result is still a `Publishers.Map` over
    /// the original upstream.
    @inlinable
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Upstream, Result> {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }

    /// Fuses this map and a throwing one into one `Publishers.TryMap` over the original upstream
    /// (as Combine does).
    @inlinable
    public func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Upstream, Result>
    {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
}

extension Publishers.TryMap {
    /// Fuses this throwing map and `transform` into one `Publishers.TryMap` over the original
    /// upstream (as Combine does).
    @inlinable
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.TryMap<Upstream, Result> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Fuses two throwing maps into one `Publishers.TryMap` over the original upstream (as
    /// Combine does).
    @inlinable
    public func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Upstream, Result>
    {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}
