import Rivulet

extension Publisher {
    /// Replaces a failure with `output`, then finishes (the twin of Rx `catchAndReturn`).
    ///
    /// ```
    /// upstream:             --1--2--#
    /// replaceError(with: 0): --1--2--(0|)
    /// ```
    @inlinable
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers {
    /// The publisher `replaceError(with:)` returns; it cannot fail.
    public struct ReplaceError<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// Failures are replaced.
        public typealias Failure = Never

        /// The publisher whose failure is replaced.
        public let upstream: Upstream
        /// The value sent instead of the failure.
        public let output: Output

        /// `upstream`, with a failure replaced by `output`.
        @inlinable
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` through a `ReplaceError` subscription, handed over when the
        /// upstream's subscription arrives: demand passes through (and is kept, so that a failure is replaced by `output` only once
        /// the subscriber has asked for a value), and a failure becomes `output` and `.finished`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            ReplaceErrorSubscription.attach(.erase(subscriber), to: upstream, output: output)
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().catchAndReturn(output)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().catchAndReturn(output)
        }
    }
}

/// `replaceError`'s subscription on the demand path. As Combine's: it is handed to the downstream
/// when the upstream's subscription arrives (what the upstream sends before that is ignored); it
/// keeps count of the downstream's demand, so that a failure becomes
/// `output` and `.finished` at once if a value is wanted, or when the next request comes.
private final class ReplaceErrorSubscription<Input, UpstreamFailure: Swift.Error>:
    OperatorSubscription<Input, UpstreamFailure, Input, Never>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `demand` and `isReplacementDue` are
    // guarded by `lock`; `output` is immutable.
    let output: Input
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The upstream failed while no value was wanted: `output` goes at the next request.
    @exclusivity(unchecked) var isReplacementDue = false

    init(downstream: DemandSubscriber<Input, Never>, output: Input) {
        self.output = output
        super.init(downstream: downstream)
    }

    static func attach<Upstream: Publisher>(
        _ downstream: DemandSubscriber<Input, Never>, to upstream: Upstream, output: Input
    )
    where Upstream.Output == Input, Upstream.Failure == UpstreamFailure {
        upstream.subscribe(ReplaceErrorSubscription(downstream: downstream, output: output))
    }

    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        if slot.isCancelled { return lock.unlock() }
        demand += more
        if isReplacementDue, demand > .none {
            isReplacementDue = false
            lock.unlock()
            return replace()
        }
        guard let upstream = slot.subscription else { return lock.unlock() }
        lock.unlock()
        upstream.request(more)
    }

    override func cancel() {
        lock.lock()
        isReplacementDue = false
        let upstream = slot.cancel()
        lock.unlock()
        upstream?.cancel()
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed else {
            lock.unlock()
            return .none
        }
        if demand > .none { demand -= 1 }
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        demand += more
        lock.unlock()
        return more
    }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        guard case .failure = completion else {
            lock.unlock()
            return downstream.receive(completion: .finished)
        }
        if demand > .none {
            lock.unlock()
            return replace()
        }
        isReplacementDue = true
        lock.unlock()
    }

    /// Sends `output` and `.finished`.
    private func replace() {
        _ = downstream.receive(output)
        downstream.receive(completion: .finished)
    }

    override var description: String { "ReplaceError" }
}
