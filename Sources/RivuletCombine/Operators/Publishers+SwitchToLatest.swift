import Rivulet

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Forwards the values of the most recent inner publisher, cancelling the previous one each
    /// time a new one arrives (the twin of Rx `switchLatest()`).
    ///
    /// ```
    /// upstream:         --a-----b-----|
    /// a:                  --1--2--3
    /// b:                        --4--|
    /// switchToLatest(): ----1--2---4--|
    /// ```
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Failure == Never, Output: Publisher {
    /// `switchToLatest()` from an upstream that cannot fail into publishers that can: the result
    /// fails with the inner publishers' failure.
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
    }
}

extension Publisher where Failure == Never, Output: Publisher, Output.Failure == Never {
    /// `switchToLatest()` when neither the upstream nor the inner publishers can fail.
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// `switchToLatest()` into publishers that cannot fail from an upstream that can: the inner
    /// publishers take the upstream's failure type.
    @inlinable
    public func switchToLatest()
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
        >
    {
        Publishers.SwitchToLatest(upstream: map { $0.setFailureType(to: Failure.self) })
    }
}

extension Publishers {
    /// The publisher `switchToLatest()` returns.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher, EnginePublisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        /// The inner publishers' output.
        public typealias Output = P.Output
        /// The shared failure.
        public typealias Failure = P.Failure

        /// The publisher of publishers.
        public let upstream: Upstream

        /// Switches to each new publisher `upstream` sends.
        @inlinable
        public init(upstream: Upstream) { self.upstream = upstream }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().map { $0.asObservable() }.switchLatest()`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().map { $0.asObservable() }.switchLatest()
        }
    }
}
