import Rivulet

extension Publisher {
    /// Delivers values and the completion on `scheduler` (the twin of Rx `observe(on:)`).
    ///
    /// ```swift
    /// center.publisher(for: .keyboardWillShow)
    ///     .receive(on: RunLoop.main)
    ///     .sink { ... }
    /// ```
    ///
    /// Accepts `DispatchQueue`, `RunLoop`, `OperationQueue`, `ImmediateScheduler.shared` or any
    /// other `Scheduler`. With `ImmediateScheduler` delivery stays synchronous; `RunLoop`
    /// delivers when that run loop turns.
    ///
    /// As Combine's: the subscription, each value and the completion are handed to the subscriber
    /// on `scheduler`; the subscriber's requests and cancel go straight to the upstream, and the
    /// demand it returns for a value is requested from the upstream after the value, on
    /// `scheduler`. So nothing is requested before the scheduler has handed the subscription
    /// over: a `PassthroughSubject` drops what it is sent until then. A completion that arrives
    /// before that hand-off, with no value before it, goes to the subscriber without a
    /// subscription.
    ///
    /// Threading: calls into the subscriber never overlap, also on a concurrent scheduler.
    @inlinable
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.ReceiveOn<Self, S>
    {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// The publisher `receive(on:options:)` returns.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events move.
        public let upstream: Upstream
        /// Where the events are delivered.
        public let scheduler: Context
        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// `upstream`, delivered on `scheduler`.
        @inlinable
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber` to `upstream` through a `ReceiveOn` subscription, which hands
        /// the subscription, each value and the completion to `subscriber` on `scheduler` (see
        /// `receive(on:options:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: ReceiveOnSubscription(
                    downstream: .erase(subscriber), scheduler: scheduler, delay: nil, tolerance: nil, options: options))
        }

        /// Never exact: Combine hands the subscription over on the scheduler, so nothing is
        /// requested (and a subject drops what it is sent) until the scheduler has run, where the
        /// engine's `observe(on:)` subscribes at once.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// The subscription of `receive(on:)` and `delay` on the demand path, as Combine's: the
/// subscription is handed to the downstream by an action on the scheduler (which holds this
/// object weakly); each value and the completion by an action that holds it, at once
/// (`receive(on:)`) or `delay` later; the demand the downstream returns for a value is requested
/// from the upstream right after it. Requests and cancel go straight to the upstream. A completion
/// that arrives before the hand-off, with no value before it, skips it. Values and completions
/// after the end are ignored.
/// The downstream is released once the subscription has ended and every scheduled action that
/// holds this object has run.
class HoppingSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    QueueingSubscription<Value, Value, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`; the lets are immutable.
    let scheduler: Context
    /// `delay`'s interval and tolerance; `nil` for `receive(on:)`.
    let delay: Context.SchedulerTimeType.Stride?
    let tolerance: Context.SchedulerTimeType.Stride?
    let options: Context.SchedulerOptions?
    /// A value arrived (guarded by `lock`).
    @exclusivity(unchecked) var hasValues = false

    init(
        downstream: DemandSubscriber<Value, Failure>, scheduler: Context, delay: Context.SchedulerTimeType.Stride?,
        tolerance: Context.SchedulerTimeType.Stride?, options: Context.SchedulerOptions?
    ) {
        self.scheduler = scheduler
        self.delay = delay
        self.tolerance = tolerance
        self.options = options
        super.init(downstream: downstream, releasesDownstream: true)
    }

    override func receive(subscription: Subscription) {
        guard attach(subscription) else { return }
        scheduler.schedule(options: options) { [weak self] in self?.handOff() }
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        let live = slot.isSubscribed
        if live { hasValues = true }
        lock.unlock()
        guard live else { return .none }
        hop { subscription in
            subscription.lock.lock()
            subscription.enqueue(input)
            subscription.lock.unlock()
        }
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        // With no value on its way, the completion goes without the subscription (Combine's
        // order); after a value, the hand-off, scheduled first, goes first, so that no value
        // arrives without a subscription.
        if !hasValues { skipHandOff() }
        lock.unlock()
        hop { subscription in
            subscription.lock.lock()
            subscription.enqueue(completion: completion)
            subscription.lock.unlock()
        }
    }

    /// The demand the downstream returns for a value goes to the upstream.
    override func delivered(returning more: Subscribers.Demand) -> Subscribers.Demand { more }

    /// Schedules `body` (at once, or `delay` later), then delivery; the action holds this object.
    private func hop(_ body: @escaping (HoppingSubscription) -> Void) {
        actionScheduled()
        let action = {
            body(self)
            self.drain()
            self.actionRan()
        }
        if let delay {
            let due = scheduler.now.advanced(by: delay)
            scheduler.schedule(after: due, tolerance: tolerance ?? scheduler.minimumTolerance, options: options, action)
        } else {
            scheduler.schedule(options: options, action)
        }
    }
}

/// `receive(on:)`'s subscription: a `HoppingSubscription` named `ReceiveOn`, with no children.
final class ReceiveOnSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    HoppingSubscription<Value, Failure, Context>, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`.

    /// `ReceiveOn`.
    var description: String { "ReceiveOn" }

    /// No children, as Combine's.
    var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    var playgroundDescription: Any { description }
}
