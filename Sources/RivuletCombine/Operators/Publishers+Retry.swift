import Rivulet

extension Publisher {
    /// Resubscribes to the upstream after a failure, up to `retries` times; fails with the last
    /// failure when every retry has failed (the twin of Rx `retry(retries + 1)`: Rx counts
    /// attempts, Combine counts retries).
    ///
    /// ```
    /// upstream (each subscription): --1--#
    /// retry(1):                     --1----1--#
    /// ```
    ///
    /// `retry(0)` is the upstream itself; a negative count counts as 0 and is reported to
    /// `Hooks.misuseHandler` of the `Rivulet` module. Each failed subscription
    /// ends before the next one starts, and an upstream that fails synchronously does not
    /// recurse.
    @inlinable
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        if retries < 0 { Hooks.reportMisuse("retry(\(retries))", "retries is negative; not retrying") }
        return Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers {
    /// The publisher `retry(_:)` returns.
    public struct Retry<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher resubscribed to.
        public let upstream: Upstream
        /// How many times to resubscribe after a failure; `nil` for no limit.
        public let retries: Int?

        /// `upstream`, resubscribed up to `retries` times (`nil`: without limit) after a failure.
        @inlinable
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        /// Attaches `subscriber` through a `Retry` subscription, handed over when the upstream's
        /// first subscription arrives: demand passes upstream and is kept, so that each new
        /// subscription after a failure is asked for what `subscriber` still wants.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            RetrySubscription.attach(.erase(subscriber), to: upstream, retries: retries)
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().retry(retries + 1)`, or `retry()` without a limit.
        @inlinable
        func engineStream() -> Observable<Output> {
            let source = upstream.asObservable()
            guard let retries, retries < Int.max else { return source.retry() }
            return source.retry(Swift.max(0, retries) + 1)
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

/// `retry`'s subscription on the demand path. As Combine's: it is handed downstream when the
/// upstream's first subscription arrives; it keeps the downstream's outstanding demand (requests
/// add to it and pass upstream, each value sent takes one and adds what the downstream returns);
/// a failure while retries remain subscribes the upstream again (with this same subscriber) and
/// asks the new subscription for the outstanding demand; the upstream's `.finished`, or its last
/// failure, passes on. A value beyond the demand (where Combine stops the program), before the
/// first subscription or after the end is dropped (`.none`); one that arrives between a failure
/// and the next subscription is taken, as Combine takes it. A cancel cancels the current
/// subscription, once (or the next one, when it arrives).
///
/// A failure that arrives while the upstream is being subscribed (a publisher that fails at once)
/// is retried by the loop already subscribing, never by recursion. The downstream and the upstream
/// publisher are released at the end, as Combine releases them.
private final class RetrySubscription<Output, Failure: Swift.Error>: DemandSubscriber<Output, Failure>, Subscription,
    @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`.
    let lock = Lock.make()
    /// Where values go; released at the end.
    @exclusivity(unchecked) var downstream: DemandSubscriber<Output, Failure>?
    /// Subscribes the upstream (and holds it); released at the end.
    @exclusivity(unchecked) var subscribeUpstream: ((DemandSubscriber<Output, Failure>) -> Void)?
    /// The current upstream subscription.
    @exclusivity(unchecked) var slot = UpstreamSlot()
    /// Retries left; `nil` for no limit.
    @exclusivity(unchecked) var remaining: Int?
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// Whether the downstream has been handed this subscription.
    @exclusivity(unchecked) var isHandedDown = false
    /// Completed, or cancelled.
    @exclusivity(unchecked) var isOver = false
    /// A thread is inside `subscribeUpstream`.
    @exclusivity(unchecked) var isSubscribing = false
    /// A failure arrived while subscribing: subscribe again when that returns.
    @exclusivity(unchecked) var isRetryDue = false

    init(
        downstream: DemandSubscriber<Output, Failure>, retries: Int?,
        subscribeUpstream: @escaping (DemandSubscriber<Output, Failure>) -> Void
    ) {
        self.downstream = downstream
        self.subscribeUpstream = subscribeUpstream
        remaining = retries.map { Swift.max(0, $0) }
    }

    static func attach<Upstream: Publisher>(
        _ downstream: DemandSubscriber<Output, Failure>, to upstream: Upstream, retries: Int?
    ) where Upstream.Output == Output, Upstream.Failure == Failure {
        RetrySubscription(downstream: downstream, retries: retries) { upstream.subscribe($0) }.subscribe()
    }

    /// Subscribes the upstream, and again for each failure that arrives meanwhile.
    private func subscribe() {
        lock.lock()
        if isSubscribing {
            isRetryDue = true
            return lock.unlock()
        }
        isSubscribing = true
        while true {
            guard !isOver, let subscribeUpstream else { break }
            isRetryDue = false
            lock.unlock()
            subscribeUpstream(self)
            lock.lock()
            if !isRetryDue { break }
        }
        isSubscribing = false
        lock.unlock()
    }

    func request(_ more: Subscribers.Demand) {
        guard more > .none else { return }
        lock.lock()
        guard !isOver else { return lock.unlock() }
        demand += more
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(more)
    }

    func cancel() {
        lock.lock()
        guard !isOver else { return lock.unlock() }
        let released = end()
        let upstream = slot.cancel()
        lock.unlock()
        withExtendedLifetime(released) {}
        upstream?.cancel()
    }

    override func receive(subscription: Subscription) {
        lock.lock()
        guard !isOver, slot.attach(subscription) else {
            lock.unlock()
            return subscription.cancel()
        }
        let first = !isHandedDown
        isHandedDown = true
        let (pending, downstream) = (demand, self.downstream)
        lock.unlock()
        if first {
            downstream?.receive(subscription: self)
        } else if pending > .none {
            subscription.request(pending)
        }
    }

    override func receive(_ input: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isOver, demand > .none, slot.isSubscribed || (slot.isAwaiting && isHandedDown),
            let downstream
        else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        guard more > .none else { return .none }
        lock.lock()
        if !isOver { demand += more }
        let upstream = isOver ? nil : slot.subscription
        lock.unlock()
        // As Combine's: the demand the downstream returns is requested from the upstream, not
        // returned.
        upstream?.request(more)
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isOver, slot.finish() else { return lock.unlock() }
        if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
            if let left = remaining { remaining = left - 1 }
            slot = UpstreamSlot()
            lock.unlock()
            return subscribe()
        }
        let released = end()
        lock.unlock()
        released.downstream?.receive(completion: completion)
    }

    /// Marks the end and lets go of the downstream and the upstream publisher (returned, to be
    /// released after the lock); called under `lock`.
    private func end() -> (downstream: DemandSubscriber<Output, Failure>?, upstream: Any?) {
        isOver = true
        let released = (downstream, subscribeUpstream as Any?)
        downstream = nil
        subscribeUpstream = nil
        return released
    }

    override var description: String { "Retry" }
}
