import Rivulet

extension Publisher {
    /// Ends the publisher when `interval` passes without a value, counting from the subscription
    /// and from each value (the twin of Rx `timeout(_:other:scheduler:)`).
    ///
    /// ```
    /// upstream:                      --1--2--------3--|
    /// timeout(3 ticks):              --1--2-----|
    /// timeout(3 ticks) { .slow }:    --1--2-----#(slow)
    /// ```
    ///
    /// As in Combine, the time-out *finishes* the publisher unless `customError` is given; then
    /// it fails with `customError()`. Either way the upstream is cancelled, exactly once.
    ///
    /// As Combine's: the wait starts when the upstream's subscription arrives and starts again at
    /// the subscriber's first request and at each value; values and the upstream's completion are
    /// handed to the subscriber on `scheduler`; requests go straight to the upstream, and the
    /// demand the subscriber returns for a value is requested from the upstream after the value.
    ///
    /// Threading: calls into the subscriber never overlap, also on a concurrent scheduler; the
    /// time-out's ending is delivered on `scheduler`.
    @inlinable
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(
            upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}

extension Publishers {
    /// The publisher `timeout(_:scheduler:options:customError:)` returns.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher timed.
        public let upstream: Upstream
        /// The longest wait for a value.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler that measures the time and delivers the ending.
        public let scheduler: Context
        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?
        /// Makes the failure a time-out ends with; `nil` to finish instead.
        public let customError: (() -> Upstream.Failure)?

        /// `upstream`, ended after `interval` without a value.
        @inlinable
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?, customError: (() -> Upstream.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        /// Attaches `subscriber` to `upstream` through a `Timeout` subscription (see
        /// `timeout(_:scheduler:options:customError:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TimeoutSubscription(
                    downstream: .erase(subscriber), interval: interval, scheduler: scheduler, options: options,
                    customError: customError))
        }

        /// Never exact: Combine hands each value to the subscriber on the scheduler and starts the
        /// wait again at the first request, which the engine's `timeout` does not.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// `timeout`'s subscription on the demand path, as Combine's: a repeating timer on the scheduler
/// (`schedule(after:interval:tolerance:options:)`, due `interval` from now) is started when the
/// upstream's subscription arrives, before the downstream gets it, and started again (the
/// previous one cancelled) at the downstream's first request and at each value; only the latest
/// timer counts. When it fires, the upstream is cancelled once and the downstream finishes, or
/// fails with `customError()`. Values and the upstream's completion are handed to the downstream
/// by actions on the scheduler (`schedule(options:)`); requests go straight to the upstream, and
/// the demand the downstream returns for a value is requested after it. Timers and actions hold
/// this object; the downstream is released once the subscription has ended and they have run.
private final class TimeoutSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    QueueingSubscription<Value, Value, Failure>, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`; the lets are immutable, the vars are guarded
    // by `lock`.
    let interval: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let options: Context.SchedulerOptions?
    let customError: (() -> Failure)?
    /// The latest timer and its generation (a timer that fires with an older one is out of date).
    @exclusivity(unchecked) var timer: Cancellable?
    @exclusivity(unchecked) var generation = 0
    @exclusivity(unchecked) var hasRequested = false

    init(
        downstream: DemandSubscriber<Value, Failure>, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
        options: Context.SchedulerOptions?, customError: (() -> Failure)?
    ) {
        self.interval = interval
        self.scheduler = scheduler
        self.options = options
        self.customError = customError
        super.init(downstream: downstream, releasesDownstream: true)
    }

    override func receive(subscription: Subscription) {
        guard attach(subscription) else { return }
        restartTimer()
        handOff()
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        let live = slot.isSubscribed
        lock.unlock()
        guard live else { return .none }
        restartTimer()
        actionScheduled()
        scheduler.schedule(options: options) {
            self.lock.lock()
            self.enqueue(input)
            self.lock.unlock()
            self.drain()
            self.actionRan()
        }
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let upstream = slot.subscription
        guard slot.finish() else { return lock.unlock() }
        lingeringUpstream = upstream
        let timer = stopTimer()
        lock.unlock()
        timer?.cancel()
        actionScheduled()
        scheduler.schedule(options: options) {
            self.lock.lock()
            self.enqueue(completion: completion)
            self.lock.unlock()
            self.drain()
            self.actionRan()
        }
    }

    override func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = slot.subscription
        let first = upstream != nil && !hasRequested
        if first { hasRequested = true }
        lock.unlock()
        upstream?.request(demand)
        if first { restartTimer() }
    }

    /// The demand the downstream returns for a value goes to the upstream.
    override func delivered(returning more: Subscribers.Demand) -> Subscribers.Demand { more }

    /// Cancels the timer (outside `lock`).
    override func didEnd() {
        lock.lock()
        let timer = stopTimer()
        lock.unlock()
        timer?.cancel()
    }

    /// Starts a new timer and cancels the previous one (outside `lock`: the scheduler is the
    /// user's code).
    private func restartTimer() {
        lock.lock()
        generation += 1
        let current = generation
        let previous = timer.take()
        lock.unlock()
        previous?.cancel()
        let due = scheduler.now.advanced(by: interval)
        let started = scheduler.schedule(
            after: due, interval: interval, tolerance: scheduler.minimumTolerance, options: options
        ) { self.timedOut(current) }
        lock.lock()
        let outdated = generation != current || !slot.isSubscribed
        if !outdated { timer = started }
        lock.unlock()
        if outdated { started.cancel() }
    }

    /// Takes the timer out, to cancel after unlocking, and makes every timer out of date (called
    /// with `lock` held).
    private func stopTimer() -> Cancellable? {
        generation += 1
        return timer.take()
    }

    /// The timer of generation `fired` fired: if it is the latest and the subscription is live,
    /// cancels the upstream and ends the downstream.
    private func timedOut(_ fired: Int) {
        lock.lock()
        guard fired == generation, slot.isSubscribed else { return lock.unlock() }
        let timer = stopTimer()
        lock.unlock()
        timer?.cancel()
        guard cancelUpstream() else { return }
        let ending: Subscribers.Completion<Failure> = customError.map { .failure($0()) } ?? .finished
        lock.lock()
        enqueue(completion: ending)
        lock.unlock()
        drain()
    }

    /// `Timeout`.
    var description: String { "Timeout" }

    /// No children, as Combine's.
    var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    var playgroundDescription: Any { description }
}
