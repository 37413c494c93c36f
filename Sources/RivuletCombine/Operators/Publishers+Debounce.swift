import Rivulet

extension Publisher {
    /// Sends a value only after `dueTime` has passed without another value (the twin of Rx
    /// `debounce`).
    ///
    /// ```
    /// upstream:                 -a-b-----c--|
    /// debounce(for: 3 ticks):   -------b-----(c|)
    /// ```
    ///
    /// As Combine's: the upstream is asked for everything, and the subscriber's demand is kept
    /// here; a value is sent when `dueTime` has passed without another, if the subscriber has
    /// demand then (otherwise it is dropped). The upstream's completion, `.finished` or a failure,
    /// drops a value still waiting and is delivered on `scheduler`.
    ///
    /// Threading: calls into the subscriber never overlap, also on a concurrent scheduler.
    @inlinable
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// The publisher `debounce(for:scheduler:options:)` returns.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher debounced.
        public let upstream: Upstream
        /// The quiet time a value waits for.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// The scheduler that measures the time and delivers.
        public let scheduler: Context
        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// `upstream`, debounced by `dueTime` on `scheduler`.
        @inlinable
        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber` to `upstream` through a `Debounce` subscription (see
        /// `debounce(for:scheduler:options:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                DebounceSubscription(
                    downstream: .erase(subscriber), dueTime: dueTime, scheduler: scheduler, options: options))
        }

        /// Never exact: the engine's (RxSwift's) `debounce` sends a value still waiting before
        /// `.finished`, where Combine drops it.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// `debounce`'s subscription on the demand path, as Combine's: it hands itself downstream, then
/// asks the upstream for everything and keeps the downstream's demand. Each value replaces the one
/// waiting and starts a repeating timer due `dueTime` from now (the previous one cancelled; only
/// the latest counts); when it fires, the value waiting is sent if the downstream has demand, and
/// dropped otherwise. The upstream's completion cancels the timer, drops the value waiting and is
/// delivered by an action on the scheduler. The timer and that action hold this object; the
/// downstream is released once the subscription has ended and they have run.
private final class DebounceSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    QueueingSubscription<Value, Value, Failure>, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`; the lets are immutable, the vars are guarded
    // by `lock`.
    let dueTime: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let options: Context.SchedulerOptions?
    /// The value waiting for its quiet time, the latest timer and its generation.
    @exclusivity(unchecked) var waiting: Value?
    @exclusivity(unchecked) var timer: Cancellable?
    @exclusivity(unchecked) var generation = 0

    init(
        downstream: DemandSubscriber<Value, Failure>, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
        options: Context.SchedulerOptions?
    ) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        self.options = options
        super.init(downstream: downstream, releasesDownstream: true)
    }

    override func receive(subscription: Subscription) {
        guard attach(subscription) else { return }
        handOff()
        subscription.request(.unlimited)
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed else {
            lock.unlock()
            return .none
        }
        generation += 1
        let current = generation
        let replaced = waiting
        waiting = input
        let previous = timer.take()
        lock.unlock()
        withExtendedLifetime(replaced) {}
        previous?.cancel()
        let due = scheduler.now.advanced(by: dueTime)
        let started = scheduler.schedule(
            after: due, interval: dueTime, tolerance: scheduler.minimumTolerance, options: options
        ) { self.fired(current) }
        lock.lock()
        let outdated = generation != current || !slot.isSubscribed || waiting == nil
        if !outdated { timer = started }
        lock.unlock()
        if outdated { started.cancel() }
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        let stopped = stop()
        lock.unlock()
        stopped.timer?.cancel()
        withExtendedLifetime(stopped.waiting) {}
        actionScheduled()
        scheduler.schedule(options: nil) {
            self.lock.lock()
            self.enqueue(completion: completion)
            self.lock.unlock()
            self.drain()
            self.actionRan()
        }
    }

    /// Adds to the downstream's demand (nothing goes upstream: it was asked for everything).
    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        if !isDone { demand += more }
        lock.unlock()
    }

    /// Cancels the timer and drops the value waiting (outside `lock`).
    override func didEnd() {
        lock.lock()
        let stopped = stop()
        lock.unlock()
        stopped.timer?.cancel()
        withExtendedLifetime(stopped.waiting) {}
    }

    /// The timer of generation `fired` fired: if it is the latest, sends the value waiting if the
    /// downstream has demand for it, and stops the timer.
    private func fired(_ fired: Int) {
        lock.lock()
        guard fired == generation, let value = waiting.take() else { return lock.unlock() }
        let timer = self.timer.take()
        let sent = demand > .none
        if sent {
            demand -= 1
            enqueue(value)
        }
        lock.unlock()
        timer?.cancel()
        if sent { drain() }
    }

    /// Takes out the timer and the value waiting, to release after unlocking, and makes every
    /// timer out of date (called with `lock` held).
    private func stop() -> (timer: Cancellable?, waiting: Value?) {
        generation += 1
        return (timer.take(), waiting.take())
    }

    /// `Debounce`.
    var description: String { "Debounce" }

    /// Combine's children: the downstream, its outstanding demand and the value waiting.
    var customMirror: Mirror {
        lock.lock()
        let (downstream, demand, waiting) = (self.downstream?.reflected, self.demand, self.waiting)
        lock.unlock()
        return Mirror(
            self,
            children: [
                ("downstream", downstream ?? (nil as Any?) as Any), ("downstreamDemand", demand),
                ("currentValue", waiting as Any),
            ])
    }

    /// `description`.
    var playgroundDescription: Any { description }
}
