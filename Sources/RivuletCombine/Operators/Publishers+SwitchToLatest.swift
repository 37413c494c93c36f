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

        /// Hands `subscriber` a `SwitchToLatest` subscription, then subscribes `upstream` (see
        /// `SwitchToLatestSubscription` for Combine's demand rules: the upstream is asked for
        /// everything, the current inner publisher for what the subscriber asks).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SwitchToLatestSubscription.attach(
                .erase(subscriber), to: upstream,
                subscribeInner: { inner, subscriber in inner.subscribe(subscriber) })
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map { $0.asObservable() }.switchLatest()`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().map { $0.asObservable() }.switchLatest()
        }
    }
}

/// `switchToLatest`'s subscription on the demand path, as Combine's: it is handed to the
/// subscriber before the upstream is subscribed, and asks the upstream for everything.
///
/// - Each new inner publisher first cancels the previous one's subscription (exactly once, also
///   when that subscription arrives late), then is subscribed; the current inner publisher is
///   asked, when its subscription arrives, for the subscriber's outstanding demand, and then for
///   each request the subscriber makes. The demand a value returns goes back to the inner
///   publisher and counts in the outstanding demand, which a later inner publisher is asked for.
/// - A value from an inner publisher that is not the current one, or that finds no demand, is
///   dropped. A subscription for the current inner publisher after it completed is ignored;
///   one that arrives after the upstream failed is asked for the outstanding demand (the
///   failure could not cancel it), as in Combine.
/// - The upstream's finish waits for the current inner publisher to finish; its failure cancels
///   the inner publisher and fails. An inner publisher's failure cancels the upstream and fails.
///   The subscriber's cancel cancels the inner publisher, then the upstream, once each.
///
/// The upstream and the inner publishers may send from different threads: calls into the
/// subscriber never overlap (`DeliveryTurn`); a value accepted against the demand while another
/// thread delivers waits for it, and the completion waits behind such values.
private final class SwitchToLatestSubscription<Inner, Output, Failure: Swift.Error>:
    OperatorSubscription<Inner, Failure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock` (the inherited `slot` too); the
    // downstream is called outside it by the holder of `turn` only.
    let subscribeInner: (Inner, DemandSubscriber<Output, Failure>) -> Void
    /// The subscriber's outstanding demand.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The id of the current inner publisher (`0`: none yet).
    @exclusivity(unchecked) var current = 0
    /// The current inner publisher's subscription (`nil` before it arrives and after it ended).
    @exclusivity(unchecked) var innerSubscription: Subscription?
    /// Whether the current inner publisher has been subscribed and has not finished.
    @exclusivity(unchecked) var isInnerLive = false
    @exclusivity(unchecked) var isUpstreamFinished = false
    /// The upstream failed (before the subscriber cancelled).
    @exclusivity(unchecked) var isUpstreamFailed = false
    /// Completed or cancelled: nothing more is taken from the upstream or an inner publisher.
    @exclusivity(unchecked) var isDone = false
    /// Cancelled: nothing more is delivered.
    @exclusivity(unchecked) var isCancelled = false
    /// Values accepted while another call into the subscriber ran, and the completion behind them.
    @exclusivity(unchecked) var pending = RingBuffer<Output>()
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) var turn = DeliveryTurn()

    init(
        downstream: DemandSubscriber<Output, Failure>,
        subscribeInner: @escaping (Inner, DemandSubscriber<Output, Failure>) -> Void
    ) {
        self.subscribeInner = subscribeInner
        super.init(downstream: downstream)
    }

    static func attach<Upstream: Publisher>(
        _ downstream: DemandSubscriber<Output, Failure>, to upstream: Upstream,
        subscribeInner: @escaping (Inner, DemandSubscriber<Output, Failure>) -> Void
    ) where Upstream.Output == Inner, Upstream.Failure == Failure {
        let subscription = SwitchToLatestSubscription(downstream: downstream, subscribeInner: subscribeInner)
        downstream.receive(subscription: subscription)
        upstream.subscribe(subscription)
    }

    // MARK: The upstream

    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = !isDone && slot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        subscription.request(.unlimited)
    }

    override func receive(_ input: Inner) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed, !isDone else {
            lock.unlock()
            return .none
        }
        let previous = innerSubscription
        innerSubscription = nil
        current += 1
        isInnerLive = true
        let id = current
        lock.unlock()
        previous?.cancel()
        subscribeInner(input, SwitchToLatestInner(parent: self, id: id))
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        // As Combine's, a completion before the subscription is passed on too (the slot then
        // refuses the subscription).
        let first: Bool
        if slot.isAwaiting {
            _ = slot.cancel()
            first = true
        } else {
            first = slot.finish()
        }
        guard first, !isDone else { return lock.unlock() }
        switch completion {
        case .finished:
            isUpstreamFinished = true
            if isInnerLive { return lock.unlock() }
            complete(.finished)
            lock.unlock()
        case .failure:
            let inner = innerSubscription
            isUpstreamFailed = true
            complete(completion)
            lock.unlock()
            inner?.cancel()
        }
        deliver()
    }

    // MARK: The subscriber

    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isDone || more == .none { return lock.unlock() }
        demand += more
        let inner = innerSubscription
        lock.unlock()
        inner?.request(more)
    }

    override func cancel() {
        lock.lock()
        if isCancelled { return lock.unlock() }
        isCancelled = true
        isDone = true
        let (inner, upstream) = (innerSubscription, slot.cancel())
        innerSubscription = nil
        completion = nil
        let dropped = turn.isBusy ? [] : pending.removeAll()
        lock.unlock()
        inner?.cancel()
        upstream?.cancel()
        withExtendedLifetime(dropped) {}
    }

    // MARK: The inner publishers

    func inner(_ id: Int, received subscription: Subscription) {
        lock.lock()
        // As Combine's: a subscription for the current inner publisher after it completed is
        // ignored (neither kept nor cancelled).
        if id == current, !isInnerLive { return lock.unlock() }
        // As Combine's: the upstream's failure cancels the inner subscription only if it has
        // arrived; one that arrives later is asked for the outstanding demand (what it sends is
        // dropped).
        if id == current, isUpstreamFailed, !isCancelled, innerSubscription == nil {
            let outstanding = demand
            lock.unlock()
            if outstanding > .none { subscription.request(outstanding) }
            return
        }
        guard !isDone, id == current, isInnerLive, innerSubscription == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        innerSubscription = subscription
        let outstanding = demand
        lock.unlock()
        if outstanding > .none { subscription.request(outstanding) }
    }

    func inner(_ id: Int, received value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isDone, id == current, demand > .none else {
            lock.unlock()
            return .none
        }
        if demand != .unlimited { demand -= 1 }
        guard turn.take() else {
            pending.append(value)
            lock.unlock()
            return .none
        }
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        if !isCancelled { demand += more }
        deliverLoop()
        return more
    }

    func inner(_ id: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isDone, id == current, isInnerLive else { return lock.unlock() }
        isInnerLive = false
        innerSubscription = nil
        switch completion {
        case .finished:
            guard isUpstreamFinished else { return lock.unlock() }
            complete(.finished)
            lock.unlock()
        case .failure:
            let upstream = slot.cancel()
            complete(completion)
            lock.unlock()
            upstream?.cancel()
        }
        deliver()
    }

    // MARK: Delivery

    /// Records the completion to deliver once the values that wait are out (called with `lock`
    /// held).
    private func complete(_ completion: Subscribers.Completion<Failure>) {
        isDone = true
        innerSubscription = nil
        self.completion = completion
    }

    /// Takes the turn if it is free and delivers what waits.
    private func deliver() {
        lock.lock()
        guard turn.take() else { return lock.unlock() }
        deliverLoop()
    }

    /// Delivers, holding the turn, the values that wait, then the completion. Called with `lock`
    /// held; releases the turn and the lock.
    private func deliverLoop() {
        while !isCancelled {
            if let value = pending.removeFirst() {
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                guard !isCancelled, more > .none, demand != .unlimited else { continue }
                demand += more
                // The inner publisher did not see this answer: it is asked for it.
                if let inner = innerSubscription {
                    lock.unlock()
                    inner.request(more)
                    lock.lock()
                }
            } else if let completion {
                self.completion = nil
                lock.unlock()
                downstream.receive(completion: completion)
                lock.lock()
            } else {
                break
            }
        }
        let dropped = isCancelled ? pending.removeAll() : []
        turn.release()
        lock.unlock()
        withExtendedLifetime(dropped) {}
    }

    override var description: String { "SwitchToLatest" }
}

/// The subscriber `switchToLatest` attaches to one inner publisher: it passes everything to its
/// `SwitchToLatestSubscription` with its id.
private final class SwitchToLatestInner<Inner, Output, Failure: Swift.Error>: DemandSubscriber<Output, Failure> {
    let parent: SwitchToLatestSubscription<Inner, Output, Failure>
    let id: Int

    init(parent: SwitchToLatestSubscription<Inner, Output, Failure>, id: Int) {
        self.parent = parent
        self.id = id
    }

    override func receive(subscription: Subscription) { parent.inner(id, received: subscription) }

    override func receive(_ input: Output) -> Subscribers.Demand { parent.inner(id, received: input) }

    override func receive(completion: Subscribers.Completion<Failure>) { parent.inner(id, received: completion) }

    override var description: String { "SwitchToLatest" }

    /// As Combine's: the identifier of the subscription it belongs to, as `parentSubscription`.
    override var customMirror: Mirror { Mirror(self, children: [("parentSubscription", parent.combineIdentifier)]) }
}
