import Rivulet

extension Publisher {
    /// Transforms each value into a publisher and merges the values of all of them (the twin of
    /// Rx `flatMap`; with `maxPublishers: .max(n)`, of `map(transform).merge(maxConcurrent: n)`).
    ///
    /// ```
    /// upstream:  --a------b------|
    /// a:           --1--2|
    /// b:                  --3--|
    /// flatMap:   ----1--2---3--|
    /// ```
    ///
    /// `maxPublishers` limits how many inner publishers are subscribed at once; the others wait
    /// in arrival order. Demand is otherwise unlimited.
    @inlinable
    public func flatMap<Result, Inner: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> Inner
    ) -> Publishers.FlatMap<Inner, Self> where Inner.Output == Result, Inner.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` from a publisher that cannot fail into publishers that can: the result fails
    /// with the inner publishers' failure.
    @inlinable
    public func flatMap<Inner: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> Inner
    ) -> Publishers.FlatMap<Inner, Publishers.SetFailureType<Self, Inner.Failure>> {
        Publishers.FlatMap(
            upstream: setFailureType(to: Inner.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` when neither the upstream nor the inner publishers can fail.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` into publishers that cannot fail from an upstream that can: the inner
    /// publishers take the upstream's failure type.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Failure.self)
        }
    }
}

extension Publishers {
    /// The publisher `flatMap(maxPublishers:_:)` returns.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher, EnginePublisher
    where NewPublisher.Failure == Upstream.Failure {
        /// The inner publishers' output.
        public typealias Output = NewPublisher.Output
        /// The shared failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The most inner publishers subscribed at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes the inner publisher for a value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// Flat-maps `upstream` with `transform`.
        @inlinable
        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().flatMap(transform)`, or `map(transform).merge(maxConcurrent:)`
        /// when `maxPublishers` is limited.
        @inlinable
        func engineStream() -> Observable<Output> {
            let source = upstream.asObservable()
            let transform = self.transform
            guard let limit = maxPublishers.max else { return source.flatMap { transform($0).asObservable() } }
            // A limit of 0 would never subscribe anything; like `merge(maxConcurrent:)`, treat it as 1.
            return source.map { transform($0).asObservable() }.merge(maxConcurrent: Swift.max(1, limit))
        }
    }
}
