import Rivulet

extension Publisher {
    /// Drops the first `count` values (the twin of Rx `skip(_:)`).
    ///
    /// ```
    /// upstream:      --1--2--3--|
    /// dropFirst():   -----2--3--|
    /// ```
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        if count < 0 { Hooks.reportMisuse("dropFirst(\(count))", "count is negative; dropping no values") }
        return Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// The publisher `dropFirst(_:)` returns.
    public struct Drop<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are dropped.
        public let upstream: Upstream
        /// How many values are dropped.
        public let count: Int

        /// `upstream` without its first `count` values.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber` through a `Drop` subscription, handed over at once: the upstream is
        /// asked for the values to drop plus the subscriber's demand, and the dropped values ask
        /// for nothing more.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            DropSubscription.attach(.erase(subscriber), to: upstream, count: count)
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().skip(count)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().skip(count)
        }
    }
}

/// `dropFirst`'s subscription on the demand path. As Combine's: it is handed to the downstream
/// before the upstream is subscribed; when the upstream's subscription arrives it asks for the
/// values still to drop plus the demand requested meanwhile, then passes requests through; a
/// dropped value asks for nothing more (it was asked for on top of the downstream's demand).
private final class DropSubscription<Input, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `pending` is guarded by `lock`; `remaining`
    // is event-path state, read under `lock` when the subscription arrives.
    /// Values still to drop.
    @exclusivity(unchecked) var remaining: Int
    /// Demand requested before the upstream's subscription arrived.
    @exclusivity(unchecked) var pending = Subscribers.Demand.none

    init(downstream: DemandSubscriber<Input, Failure>, count: Int) {
        remaining = Swift.max(0, count)
        super.init(downstream: downstream)
    }

    static func attach<Upstream: Publisher>(
        _ downstream: DemandSubscriber<Input, Failure>, to upstream: Upstream, count: Int
    )
    where Upstream.Output == Input, Upstream.Failure == Failure {
        let subscription = DropSubscription(downstream: downstream, count: count)
        downstream.receive(subscription: subscription)
        upstream.subscribe(subscription)
    }

    override func receive(subscription: Subscription) {
        lock.lock()
        guard slot.attach(subscription) else {
            lock.unlock()
            return subscription.cancel()
        }
        let first = pending + remaining
        pending = .none
        lock.unlock()
        if first > .none { subscription.request(first) }
    }

    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard let upstream = slot.subscription else {
            if slot.isAwaiting { pending += more }
            return lock.unlock()
        }
        lock.unlock()
        upstream.request(more)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        if slot.isCancelled {
            lock.unlock()
            return .none
        }
        if remaining > 0 {
            remaining -= 1
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let isCancelled = slot.isCancelled
        _ = slot.finish()
        lock.unlock()
        if !isCancelled { downstream.receive(completion: completion) }
    }

    override var description: String { "Drop" }
}
