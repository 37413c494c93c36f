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
    /// As Combine's (since iOS 13.3 / macOS 10.15.2): the subscription is handed to the
    /// subscriber at once, on the thread that subscribes, so a subject sent a value right after
    /// `sink` keeps it; each value and the completion are handed over on `scheduler`. The
    /// subscriber's requests and cancel go straight to the upstream, and the demand it returns
    /// for a value is requested from the upstream after the value, on `scheduler`.
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

        /// Never exact: the demand the subscriber returns for a value is requested from the
        /// upstream on `scheduler`, after the value, where the engine's `observe(on:)` has no
        /// demand.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// The subscription of `receive(on:)` and `delay` on the demand path, as Combine's (since
/// iOS 13.3 / macOS 10.15.2): the subscription is handed to the downstream at once, when the
/// upstream's arrives; each value and the completion by an action on the scheduler that holds
/// this object, at once (`receive(on:)`) or `delay` later; the demand the downstream returns for
/// a value is requested from the upstream right after it. Requests and cancel go straight to the
/// upstream; the demand returned for a value still goes to the upstream after it completed.
/// Nothing reaches the subscriber after its `cancel()` returned, not even a completion the
/// upstream sent before it (Combine's `receive(on:)` and `delay` deliver that one: a deliberate
/// difference, see docs/migrating-from-combine.md). Values and completions after the end are
/// ignored.
/// As Combine's, the downstream is kept for the life of this object (a subscriber that keeps its
/// subscription after the end keeps both).
class HoppingSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    QueueingSubscription<Value, Value, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`; the lets are immutable.
    let scheduler: Context
    /// `delay`'s interval and tolerance; `nil` for `receive(on:)`.
    let delay: Context.SchedulerTimeType.Stride?
    let tolerance: Context.SchedulerTimeType.Stride?
    let options: Context.SchedulerOptions?

    init(
        downstream: DemandSubscriber<Value, Failure>, scheduler: Context, delay: Context.SchedulerTimeType.Stride?,
        tolerance: Context.SchedulerTimeType.Stride?, options: Context.SchedulerOptions?
    ) {
        self.scheduler = scheduler
        self.delay = delay
        self.tolerance = tolerance
        self.options = options
        // As Combine's: the downstream is kept for the life of this object.
        super.init(downstream: downstream, releasesDownstream: false)
    }

    override func receive(subscription: Subscription) {
        guard attach(subscription) else { return }
        handOff()
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        let live = slot.isSubscribed
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
        let upstream = slot.subscription
        guard slot.finish() else { return lock.unlock() }
        lingeringUpstream = upstream
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
