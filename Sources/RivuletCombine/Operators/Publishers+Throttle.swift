import Rivulet

extension Publisher {
    /// Sends at most one value per `interval` (the twin of Rx `throttle(_:latest:scheduler:)`):
    /// the first value at once; then, at the end of each window, the latest value received
    /// during it (`latest: true`) or the first (`latest: false`).
    ///
    /// ```
    /// upstream:                                --1-2-3-------4--|
    /// throttle(for: 5 ticks, latest: true):    --1----3------4--|
    /// throttle(for: 5 ticks, latest: false):   --1----2------4--|
    /// ```
    ///
    /// As Combine's: the upstream is asked for everything and the subscriber's demand is kept
    /// here. A value that arrives while the subscriber has demand and nothing is due is sent by an
    /// action on `scheduler`, at once if `interval` has passed since the last value sent and
    /// otherwise when it has; until then a later value replaces it (`latest: true`) or is dropped
    /// (`latest: false`). A value that finds no demand is dropped. The upstream's completion goes
    /// after the value due, or by an action on `scheduler` if none is.
    ///
    /// Threading: calls into the subscriber never overlap, also on a concurrent scheduler.
    @inlinable
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// The publisher `throttle(for:scheduler:latest:)` returns.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher throttled.
        public let upstream: Upstream
        /// The window length.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler that measures the time and delivers.
        public let scheduler: Context
        /// Whether a window sends its latest value at its end (`true`) or drops it (`false`).
        public let latest: Bool

        /// `upstream`, throttled to one value per `interval`.
        @inlinable
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// Attaches `subscriber` to `upstream` through a `Throttle` subscription (see
        /// `throttle(for:scheduler:latest:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ThrottleSubscription(
                    downstream: .erase(subscriber), interval: interval, scheduler: scheduler, latest: latest))
        }

        /// Never exact: the engine's (RxSwift's) `throttle` sends the first value at once rather
        /// than from the scheduler, and with `latest: false` drops the values of a window where
        /// Combine sends its first one at the window's end.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// `throttle`'s subscription on the demand path, as Combine's: it hands itself downstream, asks
/// the upstream for everything and keeps the downstream's demand. A value that finds demand and no
/// emission due becomes the value due, sent by an action on the scheduler (at once, or `interval`
/// after the last emission); while one is due, a later value replaces it (`latest`) or is dropped.
/// A value that finds no demand is dropped. The upstream's completion follows the value due, or
/// is sent by an action of its own. The actions hold this object weakly, so a cancel releases the
/// downstream at once.
private final class ThrottleSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    QueueingSubscription<Value, Value, Failure>, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`; the lets are immutable, the vars are guarded
    // by `lock`.
    let interval: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let latest: Bool
    /// The value to send when the emission due runs.
    @exclusivity(unchecked) var due: Value?
    @exclusivity(unchecked) var isEmissionDue = false
    @exclusivity(unchecked) var lastEmission: Context.SchedulerTimeType?
    /// The upstream's completion, waiting for the emission due.
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?

    init(
        downstream: DemandSubscriber<Value, Failure>, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
        latest: Bool
    ) {
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
        super.init(downstream: downstream, releasesDownstream: true)
        // As Combine's: the time is read when the subscriber is made.
        _ = scheduler.now
    }

    override func receive(subscription: Subscription) {
        guard attach(subscription) else { return }
        // As Combine's: the time is read when the subscription arrives.
        _ = scheduler.now
        handOff()
        subscription.request(.unlimited)
    }

    /// As Combine's `throttle`: a cancel before the subscription cancels it on arrival.
    override var remembersEarlyCancel: Bool { true }

    override func receive(_ input: Value) -> Subscribers.Demand {
        // As Combine's: the time is read for each value that arrives while the subscription is
        // live, whatever the demand (outside `lock`: the scheduler is foreign code).
        lock.lock()
        let isLive = slot.isSubscribed && !isDone
        lock.unlock()
        guard isLive else { return .none }
        let now = scheduler.now
        lock.lock()
        guard slot.isSubscribed, !isDone, demand > .none else {
            lock.unlock()
            return .none
        }
        if isEmissionDue {
            let replaced = latest ? due : nil
            if latest { due = input }
            lock.unlock()
            withExtendedLifetime(replaced) {}
            return .none
        }
        due = input
        isEmissionDue = true
        let when = lastEmission.map { $0.advanced(by: interval) }
        lock.unlock()
        if let when, now < when {
            scheduler.schedule(after: when, tolerance: scheduler.minimumTolerance, options: nil) { [weak self] in
                self?.emit()
            }
        } else {
            scheduler.schedule(options: nil) { [weak self] in self?.emit() }
        }
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isDone, slot.finish() else { return lock.unlock() }
        lock.unlock()
        // As Combine's: the time is read when the completion arrives.
        _ = scheduler.now
        lock.lock()
        if isEmissionDue {
            self.completion = completion
            return lock.unlock()
        }
        lock.unlock()
        scheduler.schedule(options: nil) { [weak self] in
            guard let self else { return }
            lock.lock()
            enqueue(completion: completion)
            lock.unlock()
            drain()
        }
    }

    /// Adds to the downstream's demand (nothing goes upstream: it was asked for everything).
    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        if !isDone { demand += more }
        lock.unlock()
    }

    /// Drops the value due (outside `lock`).
    override func didEnd() {
        lock.lock()
        let dropped = due.take()
        lock.unlock()
        withExtendedLifetime(dropped) {}
    }

    /// The emission due runs: sends the value due (using one of the demand), then the completion
    /// waiting.
    private func emit() {
        // As Combine's: the time is read only to stamp a value that is not followed by the
        // completion (outside `lock`: the scheduler is foreign code).
        lock.lock()
        let stamps = due != nil && completion == nil && !isDone
        lock.unlock()
        let now = stamps ? scheduler.now : nil
        lock.lock()
        isEmissionDue = false
        if let value = due.take(), !isDone {
            if demand > .none { demand -= 1 }
            if let now { lastEmission = now }
            enqueue(value)
        }
        if let completion = completion.take() { enqueue(completion: completion) }
        lock.unlock()
        drain()
    }

    /// `Throttle`.
    var description: String { "Throttle" }

    /// No children, as Combine's.
    var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    var playgroundDescription: Any { description }
}
