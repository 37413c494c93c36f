import Rivulet

extension Publisher {
    /// Sends `output` if the upstream finishes without having sent a value; otherwise passes
    /// everything on unchanged.
    ///
    /// ```
    /// upstream:               -----|
    /// replaceEmpty(with: 0):  -----(0|)
    /// ```
    ///
    /// A failure is passed on as it is (an upstream that fails without a value sends no `output`).
    @inlinable
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// The publisher `replaceEmpty(with:)` returns.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The value sent for an empty upstream.
        public let output: Output
        /// The publisher whose emptiness is replaced.
        public let upstream: Upstream

        /// `upstream`, or `output` if it finishes empty.
        @inlinable
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` to `upstream` through a `ReplaceEmpty` subscription: it is handed
        /// over when the upstream's subscription arrives, and then, as Combine does, the upstream
        /// is asked for everything (`subscriber`'s requests pass through as well); values pass on;
        /// an empty upstream's `.finished` becomes `output` and `.finished` once `subscriber` has
        /// asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReplaceEmptySubscription(downstream: .erase(subscriber), output: output))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().ifEmpty(default: output)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().ifEmpty(default: output)
        }
    }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

/// `replaceEmpty(with:)`'s subscription on the demand path. As Combine's: once handed downstream it
/// asks the upstream for `.unlimited` itself, and passes the downstream's requests on as well;
/// values pass on while the subscription is live (the downstream's demand returned); a failure
/// passes on at once; an upstream that finishes without a value is replaced by `output` and
/// `.finished` when the downstream has asked for something (at once, or at its first request).
private final class ReplaceEmptySubscription<Input, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `hasValue`, `isWanted`, `isDue` and
    // `isCancelled` are guarded by `lock`; `output` is immutable.
    let output: Input
    /// A value arrived: the upstream is not empty.
    @exclusivity(unchecked) var hasValue = false
    /// The downstream has asked for something.
    @exclusivity(unchecked) var isWanted = false
    /// The upstream finished empty and `output` waits for the first request.
    @exclusivity(unchecked) var isDue = false
    @exclusivity(unchecked) var isCancelled = false

    init(downstream: DemandSubscriber<Input, Failure>, output: Input) {
        self.output = output
        super.init(downstream: downstream)
    }

    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = slot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        downstream.receive(subscription: self)
        lock.lock()
        let live = slot.subscription
        lock.unlock()
        live?.request(.unlimited)
    }

    override func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        isWanted = true
        if isDue {
            isDue = false
            lock.unlock()
            return replace()
        }
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(demand)
    }

    override func cancel() {
        lock.lock()
        isCancelled = true
        isDue = false
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
        hasValue = true
        lock.unlock()
        return downstream.receive(input)
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        if case .failure = completion {
            lock.unlock()
            return downstream.receive(completion: completion)
        }
        if hasValue {
            lock.unlock()
            return downstream.receive(completion: .finished)
        }
        guard isWanted else {
            isDue = true
            return lock.unlock()
        }
        lock.unlock()
        replace()
    }

    /// Sends `output`, then `.finished` unless the downstream cancelled meanwhile.
    private func replace() {
        _ = downstream.receive(output)
        lock.lock()
        let cancelled = isCancelled
        lock.unlock()
        if !cancelled { downstream.receive(completion: .finished) }
    }

    override var description: String { "ReplaceEmpty" }
}
