import Rivulet

extension Publisher {
    /// Sends each running result of `nextPartialResult`, starting from `initialResult` (the twin
    /// of Rx `scan`).
    ///
    /// ```
    /// upstream:        --1--2--3--|
    /// scan(0, +):      --1--3--6--|
    /// ```
    @inlinable
    public func scan<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> Publishers.Scan<Self, Result> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// The publisher `scan(_:_:)` returns. Each subscription starts from `initialResult`.
    public struct Scan<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher accumulated.
        public let upstream: Upstream
        /// The starting result.
        public let initialResult: Output
        /// Combines the result so far with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of the running results over `upstream`.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that sends each running result;
        /// `subscriber` receives the upstream's own subscription (Combine's `Scan`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ScanSubscriber(
                    downstream: .erase(subscriber), initialResult: initialResult, nextPartialResult: nextPartialResult))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)
        }
    }
}

extension Publisher {
    /// `scan` with a closure that may throw: a throw fails the publisher with that error and
    /// cancels the upstream (the twin of Rx `scan` with a throwing accumulator).
    ///
    /// ```
    /// upstream:                   --1--2--3--|
    /// tryScan(0, +):              --1--3--6--|
    /// ```
    @inlinable
    public func tryScan<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Output) throws -> Result
    ) -> Publishers.TryScan<Self, Result> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// The publisher `tryScan(_:_:)` returns. Each subscription starts from `initialResult`.
    public struct TryScan<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// A throwing closure can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher accumulated.
        public let upstream: Upstream
        /// The starting result.
        public let initialResult: Output
        /// Combines the result so far with the next value; a throw fails the publisher.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// A publisher of the running results over `upstream`.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` to `upstream` through a `TryScan` subscription: demand passes
        /// through, a throw cancels the upstream (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryScanSubscription(
                    downstream: .erase(subscriber), initialResult: initialResult, nextPartialResult: nextPartialResult))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().scan(initialResult, accumulator: nextPartialResult)
        }
    }
}

/// `scan`'s subscriber on the demand path: transparent (see `ForwardingSubscriber`), with the
/// running result under a lock of its own (read, then written back, never held while the closure
/// runs), so that a publisher that calls from several threads at once, against Combine's rules,
/// garbles the results but not the memory.
private final class ScanSubscriber<Input, Output, Failure: Swift.Error>: ForwardingSubscriber<Input, Output, Failure>,
    @unchecked Sendable
{
    // @unchecked Sendable: `result` is guarded by `lock`.
    let nextPartialResult: (Output, Input) -> Output
    let lock = Lock.make()
    /// The result so far.
    @exclusivity(unchecked) var result: Output

    init(
        downstream: DemandSubscriber<Output, Failure>, initialResult: Output,
        nextPartialResult: @escaping (Output, Input) -> Output
    ) {
        result = initialResult
        self.nextPartialResult = nextPartialResult
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        let next = nextPartialResult(lock.withLock { result }, input)
        lock.withLock { result = next }
        return downstream.receive(next)
    }

    override var description: String { "Scan" }

    override var customMirror: Mirror {
        Mirror(self, children: [("downstream", downstream.reflected), ("result", lock.withLock { result })])
    }
}

/// `tryScan`'s subscription on the demand path. As Combine's: each value is accumulated and passed
/// on whatever the state; the first throw while the subscription is live cancels the upstream and
/// fails; a completion is forwarded once, while the subscription is live.
private final class TryScanSubscription<Input, UpstreamFailure: Swift.Error, Output>:
    OperatorSubscription<Input, UpstreamFailure, Output, Swift.Error>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `result` is guarded by `lock` (read, then
    // written back, never held while the closure runs).
    let nextPartialResult: (Output, Input) throws -> Output
    @exclusivity(unchecked) var result: Output

    init(
        downstream: DemandSubscriber<Output, Swift.Error>, initialResult: Output,
        nextPartialResult: @escaping (Output, Input) throws -> Output
    ) {
        result = initialResult
        self.nextPartialResult = nextPartialResult
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        let next: Output
        do {
            next = try nextPartialResult(lock.withLock { result }, input)
        } catch {
            endEarly(.failure(error))
            return .none
        }
        lock.withLock { result = next }
        return downstream.receive(next)
    }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        finishFromUpstream(completion.eraseFailure)
    }

    override var description: String { "TryScan" }

    override var customMirror: Mirror {
        lock.lock()
        let (status, result) = (String(describing: slot.state), self.result)
        lock.unlock()
        return Mirror(self, children: [("downstream", downstream.reflected), ("status", status), ("result", result)])
    }
}
