import Rivulet

extension Publisher {
    /// Subscribes to the upstream on `scheduler` (the twin of Rx `subscribe(on:)`); requests and
    /// cancelling go through the same scheduler. Where values are delivered is up to the upstream.
    ///
    /// As Combine's: the upstream is subscribed by an action on `scheduler`; its subscription is
    /// handed to the subscriber as soon as it arrives, and each of the subscriber's requests and
    /// its cancel is passed to the upstream by an action on `scheduler` (which holds the
    /// subscription weakly). Values and the completion pass straight through; after `cancel()`
    /// nothing more reaches the subscriber, though the upstream hears of it only when the
    /// scheduler runs.
    @inlinable
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.SubscribeOn<Self, S>
    {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// The publisher `subscribe(on:options:)` returns.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher subscribed to.
        public let upstream: Upstream
        /// Where the subscription is made.
        public let scheduler: Context
        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// `upstream`, subscribed on `scheduler`.
        @inlinable
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `upstream` on `scheduler` with a `SubscribeOn` subscriber, which hands
        /// `subscriber` its subscription and passes its requests and cancel to the upstream on
        /// `scheduler` (see `subscribe(on:options:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = SubscribeOnSubscription(downstream: .erase(subscriber), scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }

        /// Never exact: Combine passes each request through the scheduler, so a subject drops
        /// what it is sent before the scheduler has run the subscriber's first request, where the
        /// engine's `subscribe(on:)` takes everything once subscribed.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// `subscribe(on:)`'s subscription on the demand path, as Combine's: it hands itself to the
/// downstream as soon as the upstream's subscription arrives (on the scheduler's thread); each
/// request, and the cancel, is passed to the upstream by an action on the scheduler that holds this
/// object; values and the completion pass through as they come, and nothing passes after
/// `cancel()`. A cancel before the upstream's subscription is ignored. As Combine's, the
/// downstream is kept for the life of this object (a subscriber that keeps its subscription
/// after the end keeps both).
private final class SubscribeOnSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    DemandSubscriber<Value, Failure>, Subscription, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the lets are immutable.
    let lock = Lock.make()
    let scheduler: Context
    let options: Context.SchedulerOptions?
    @exclusivity(unchecked) var slot = UpstreamSlot()
    @exclusivity(unchecked) var downstream: DemandSubscriber<Value, Failure>?
    /// `cancel()` was called: the upstream is cancelled by an action on the scheduler.
    @exclusivity(unchecked) var isCancelled = false

    init(downstream: DemandSubscriber<Value, Failure>, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = !isCancelled && slot.attach(subscription)
        let downstream = self.downstream
        lock.unlock()
        guard taken else { return subscription.cancel() }
        downstream?.receive(subscription: self)
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        let downstream = slot.isSubscribed && !isCancelled ? self.downstream : nil
        lock.unlock()
        return downstream?.receive(input) ?? .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isCancelled, slot.finish() else { return lock.unlock() }
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let live = slot.isSubscribed && !isCancelled
        lock.unlock()
        guard live else { return }
        scheduler.schedule(options: options) {
            self.lock.lock()
            let upstream = self.slot.subscription
            self.lock.unlock()
            upstream?.request(demand)
        }
    }

    func cancel() {
        lock.lock()
        // Before the upstream's subscription there is nothing to cancel: ignored, as in Combine.
        if isCancelled || slot.isAwaiting { return lock.unlock() }
        isCancelled = true
        let live = slot.isSubscribed
        lock.unlock()
        guard live else { return }
        scheduler.schedule(options: options) {
            self.lock.lock()
            let upstream = self.slot.cancel()
            self.lock.unlock()
            upstream?.cancel()
        }
    }

    override var description: String { "SubscribeOn" }
}
