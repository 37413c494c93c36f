import Rivulet

extension Publisher {
    /// Replaces each value with the time since the previous one (the first: since the
    /// subscription), as `scheduler` measures it.
    ///
    /// ```
    /// upstream:                       --a----b-c--|
    /// measureInterval(using: s):      --2----4-1--|     (in frames)
    /// ```
    ///
    /// As Combine's: the clock starts when the upstream's subscription arrives; demand passes
    /// straight through, and values and the completion are measured and passed on as they come.
    @inlinable
    public func measureInterval<S: Scheduler>(
        using scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers {
    /// The publisher `measureInterval(using:options:)` returns.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The time between two values.
        public typealias Output = Context.SchedulerTimeType.Stride
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are timed.
        public let upstream: Upstream
        /// The scheduler whose clock measures.
        public let scheduler: Context

        /// A publisher that times `upstream`'s values on `scheduler`'s clock.
        @inlinable
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        /// Attaches `subscriber` to `upstream` through a `MeasureInterval` subscription.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MeasureIntervalSubscription(downstream: .erase(subscriber), scheduler: scheduler))
        }

        /// Exact when the upstream is: the engine stream starts the clock at the subscription too,
        /// and passes every value on measured.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `Observable.deferred` keeps the previous time per subscription; each value maps to the
        /// distance from it.
        @inlinable
        func engineStream() -> Observable<Output> {
            let upstream = self.upstream
            let scheduler = self.scheduler
            return Observable.deferred {
                let values = upstream.asObservable()
                return values.scan(into: (scheduler.now, Output.zero)) { last, _ in
                    let now = scheduler.now
                    last = (now, last.0.distance(to: now))
                }.map { $0.1 }
            }
        }
    }
}

/// `measureInterval`'s subscription on the demand path, as Combine's: it reads the scheduler's
/// clock when the upstream's subscription arrives and at each value, and sends the distance from
/// the previous reading; requests pass straight upstream; values and completions before the
/// subscription or after the end are ignored.
private final class MeasureIntervalSubscription<Input, Failure: Swift.Error, Context: Scheduler>:
    OperatorSubscription<Input, Failure, Context.SchedulerTimeType.Stride, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `last` is guarded by `lock`.
    let scheduler: Context
    /// The clock's previous reading.
    @exclusivity(unchecked) var last: Context.SchedulerTimeType?

    init(downstream: DemandSubscriber<Context.SchedulerTimeType.Stride, Failure>, scheduler: Context) {
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    override func receive(subscription: Subscription) {
        let now = scheduler.now
        lock.lock()
        if slot.isAwaiting { last = now }
        lock.unlock()
        super.receive(subscription: subscription)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        // As Combine's: the time is read only for a value that arrives while the subscription is
        // live (outside `lock`: the scheduler is foreign code).
        lock.lock()
        let isLive = slot.isSubscribed
        lock.unlock()
        guard isLive else { return .none }
        let now = scheduler.now
        lock.lock()
        guard slot.isSubscribed, let previous = last else {
            lock.unlock()
            return .none
        }
        last = now
        lock.unlock()
        // As Combine's: the demand the downstream returns is requested from the upstream, not
        // returned.
        return requestingSeparately(downstream.receive(previous.distance(to: now)))
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        finishFromUpstream(completion)
    }

    override var description: String { "MeasureInterval" }
}
