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
    /// `maxPublishers` limits how many inner publishers are subscribed at once: the upstream is
    /// asked for that many values, and for one more as each inner publisher finishes (`sink` and
    /// `assign` then run on the operators' subscriptions, not on the engine). Each inner publisher
    /// is asked for a value at a time while the subscriber's demand is limited.
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

        /// Hands `subscriber` a `FlatMap` subscription, then subscribes `upstream`: the upstream is
        /// asked for `maxPublishers` values, and for one more as each inner publisher finishes;
        /// each inner publisher is asked for one value at a time (for everything once the
        /// subscriber's demand is unlimited), and the values that find no demand wait for it.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            FlatMapSubscription.attach(
                .erase(subscriber), to: upstream, maxPublishers: maxPublishers,
                subscribeInner: { value, inner in transform(value).subscribe(inner) })
        }

        /// Exact when the upstream is and `maxPublishers` is unlimited (a limit asks the upstream
        /// for values a few at a time, which the engine's `merge(maxConcurrent:)` does not).
        @inlinable
        var isEngineExact: Bool { maxPublishers == .unlimited && upstream.isExactOnEngine }

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

/// `flatMap`'s subscription on the demand path, as Combine's: it is handed to the downstream before
/// the upstream is subscribed; it asks the upstream for `maxPublishers` values and for one more as
/// each inner publisher finishes; it asks each inner publisher for one value at a time while the
/// downstream's demand is limited (the value it returns, or one request per value that had to wait),
/// for everything once the demand is unlimited. Values that find no demand wait, in arrival order,
/// and the completion waits behind them. A failure of the upstream or of an inner publisher cancels
/// the others and fails at once; the downstream's cancel cancels the inner publishers, then the
/// upstream. Calls into the downstream never overlap (`DeliveryTurn`): inner publishers may send
/// from any thread.
private final class FlatMapSubscription<Input, Output, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock` (the inherited `slot` too); the
    // downstream is called outside it by the holder of `turn` only.
    let maxPublishers: Subscribers.Demand
    let subscribeInner: (Input, DemandSubscriber<Output, Failure>) -> Void
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The live inner publishers' subscriptions, by inner id (`nil` until it arrives).
    @exclusivity(unchecked) var inners: [Int: Subscription?] = [:]
    @exclusivity(unchecked) var nextInner = 0
    /// Values that found no demand, in arrival order, and the inners that sent them (two buffers
    /// rather than one of tuples, and a count, so that the common path reads no tuple metadata).
    @exclusivity(unchecked) var waitingValues = RingBuffer<Output>()
    @exclusivity(unchecked) var waitingInners = RingBuffer<Int>()
    @exclusivity(unchecked) var waitingCount = 0
    @exclusivity(unchecked) var isUpstreamFinished = false
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    /// `completion != nil`, read without the completion's metadata.
    @exclusivity(unchecked) var hasCompletion = false
    @exclusivity(unchecked) var isDone = false
    @exclusivity(unchecked) var turn = DeliveryTurn()

    init(
        downstream: DemandSubscriber<Output, Failure>, maxPublishers: Subscribers.Demand,
        subscribeInner: @escaping (Input, DemandSubscriber<Output, Failure>) -> Void
    ) {
        self.maxPublishers = maxPublishers
        self.subscribeInner = subscribeInner
        super.init(downstream: downstream)
    }

    /// The inner subscribers' class, looked up once: making one through it skips the generic
    /// metadata lookup `FlatMapInner(...)` costs in this unspecialised code (~330 instructions per
    /// inner publisher).
    let innerType = FlatMapInner<Input, Output, Failure>.self

    static func attach<Upstream: Publisher>(
        _ downstream: DemandSubscriber<Output, Failure>, to upstream: Upstream, maxPublishers: Subscribers.Demand,
        subscribeInner: @escaping (Input, DemandSubscriber<Output, Failure>) -> Void
    ) where Upstream.Output == Input, Upstream.Failure == Failure {
        let subscription = FlatMapSubscription(
            downstream: downstream, maxPublishers: maxPublishers, subscribeInner: subscribeInner)
        downstream.receive(subscription: subscription)
        upstream.subscribe(subscription)
    }

    // MARK: The upstream

    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = !isDone && slot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        subscription.request(maxPublishers)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed, !isDone else {
            lock.unlock()
            return .none
        }
        let id = nextInner
        nextInner += 1
        inners[id] = .some(nil)
        lock.unlock()
        subscribeInner(input, innerType.init(parent: self, id: id))
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        // As Combine's (the downstream has had its subscription since the start), a completion
        // before the upstream's subscription is passed on too; the slot then refuses the
        // subscription.
        let first: Bool
        if slot.isAwaiting {
            _ = slot.cancelRememberingEarly()
            first = true
        } else {
            first = slot.finish()
        }
        guard first, !isDone else { return lock.unlock() }
        switch completion {
        case .finished:
            isUpstreamFinished = true
            if inners.isEmpty { complete(.finished) }
            lock.unlock()
        case .failure:
            fail(with: completion)
            return
        }
        deliver()
    }

    // MARK: The downstream

    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isDone || more == .none { return lock.unlock() }
        let wasLimited = demand != .unlimited
        demand += more
        let unlimitedNow = wasLimited && demand == .unlimited ? inners.values.compactMap { $0 } : []
        lock.unlock()
        for inner in unlimitedNow { inner.request(.unlimited) }
        deliver()
    }

    override func cancel() {
        lock.lock()
        if isDone { return lock.unlock() }
        isDone = true
        let (inners, upstream, dropped) = (self.inners.values.compactMap { $0 }, slot.cancel(), dropWaiting())
        self.inners = [:]
        lock.unlock()
        for inner in inners { inner.cancel() }
        upstream?.cancel()
        withExtendedLifetime(dropped) {}
    }

    // MARK: The inner publishers

    func inner(_ id: Int, received subscription: Subscription) {
        lock.lock()
        guard !isDone, let existing = inners[id], existing == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        inners[id] = subscription
        let first: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
        lock.unlock()
        subscription.request(first)
    }

    func inner(_ id: Int, received value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isDone, inners[id] != nil else {
            lock.unlock()
            return .none
        }
        guard demand > .none, waitingCount == 0, turn.take() else {
            waitingValues.append(value)
            waitingInners.append(id)
            waitingCount += 1
            lock.unlock()
            return .none
        }
        let unlimited = demand == .unlimited
        if !unlimited { demand -= 1 }
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        if !isDone { demand += more }
        turn.release()
        lock.unlock()
        deliver()
        return unlimited ? .none : .max(1)
    }

    func inner(_ id: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isDone, inners.removeValue(forKey: id) != nil else { return lock.unlock() }
        if case .failure = completion { return fail(with: completion) }
        let replace = maxPublishers != .unlimited && !isUpstreamFinished ? slot.subscription : nil
        if isUpstreamFinished, inners.isEmpty { complete(.finished) }
        lock.unlock()
        replace?.request(.max(1))
        deliver()
    }

    /// Fails at once: cancels the inner publishers and the upstream, drops what waits (called
    /// with `lock` held; releases it).
    private func fail(with failure: Subscribers.Completion<Failure>) {
        let (inners, upstream, dropped) = (self.inners.values.compactMap { $0 }, slot.cancel(), dropWaiting())
        self.inners = [:]
        complete(failure)
        lock.unlock()
        for inner in inners { inner.cancel() }
        upstream?.cancel()
        withExtendedLifetime(dropped) {}
        deliver()
    }

    /// Delivers the values that wait and are wanted, then the completion once nothing waits, on
    /// one thread at a time.
    private func deliver() {
        lock.lock()
        guard !isDone, isDeliverable, turn.take() else { return lock.unlock() }
        while !isDone, isDeliverable {
            if waitingCount > 0, let value = waitingValues.removeFirst(), let id = waitingInners.removeFirst() {
                waitingCount -= 1
                if demand != .unlimited { demand -= 1 }
                let inner = inners[id] ?? nil
                lock.unlock()
                let more = downstream.receive(value)
                inner?.request(.max(1))
                lock.lock()
                if !isDone { demand += more }
            } else if let completion {
                isDone = true
                lock.unlock()
                downstream.receive(completion: completion)
                lock.lock()
            }
        }
        turn.release()
        lock.unlock()
    }

    /// Whether a value that waits is wanted, or the completion may go (called with `lock` held).
    private var isDeliverable: Bool {
        waitingCount > 0 ? demand > .none : hasCompletion
    }

    /// Records the completion to deliver once nothing waits (called with `lock` held).
    private func complete(_ completion: Subscribers.Completion<Failure>) {
        self.completion = completion
        hasCompletion = true
    }

    /// Empties the buffers of waiting values (called with `lock` held; the values are released
    /// by the caller after unlocking).
    private func dropWaiting() -> [Output] {
        waitingCount = 0
        _ = waitingInners.removeAll()
        return waitingValues.removeAll()
    }

    override var description: String { "FlatMap" }
}

/// The subscriber `flatMap` attaches to one inner publisher: it passes everything to its
/// `FlatMapSubscription` with its id. It holds the subscription until the inner publisher lets go
/// of it.
private final class FlatMapInner<Input, Output, Failure: Swift.Error>: DemandSubscriber<Output, Failure> {
    let parent: FlatMapSubscription<Input, Output, Failure>
    let id: Int

    init(parent: FlatMapSubscription<Input, Output, Failure>, id: Int) {
        self.parent = parent
        self.id = id
    }

    override func receive(subscription: Subscription) { parent.inner(id, received: subscription) }

    override func receive(_ input: Output) -> Subscribers.Demand { parent.inner(id, received: input) }

    override func receive(completion: Subscribers.Completion<Failure>) { parent.inner(id, received: completion) }

    override var description: String { "FlatMap" }

    /// As Combine's: the identifier of the subscription it belongs to, as `parentSubscription`.
    override var customMirror: Mirror { Mirror(self, children: [("parentSubscription", parent.combineIdentifier)]) }
}
