import Rivulet

extension Publisher {
    /// Collects every value and sends them as one array when the upstream finishes (an empty
    /// array when it sent none).
    ///
    /// ```
    /// upstream:   --1--2--3--|
    /// collect():  -----------([1, 2, 3]|)
    /// ```
    ///
    /// A failure is passed on instead of the array. The values are kept until the upstream
    /// finishes, without limit.
    @inlinable
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Collects the values into arrays of `count` and sends each array when it is full; when the
    /// upstream finishes, sends the values collected since the last full array (if any).
    ///
    /// ```
    /// upstream:     --1--2--3--4--5--|
    /// collect(2):   -----[1,2]-[3,4]-([5]|)
    /// ```
    ///
    /// A failure is passed on, and the values collected since the last full array are dropped.
    /// A `count` below 1 counts as 1 and is reported to `Hooks.misuseHandler` of the `Rivulet`
    /// module.
    @inlinable
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        if count < 1 { Hooks.reportMisuse("collect(\(count))", "count is below 1; collecting arrays of 1") }
        return Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// The publisher `collect()` returns: every value in one array, after the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The array of every value.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream

        /// Collects `upstream`'s values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` through a `Collect` subscription (see `ReduceSubscription`): the
        /// upstream is asked for everything; the array is sent, with `.finished`, once the upstream
        /// has finished and `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "Collect", initial: [], convertFailure: { $0 },
                    mirrorChildren: { [("count", $0?.count ?? 0)] },
                    step: { result, value in
                        if result == nil { result = [value] } else { result?.append(value) }
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().toArray()`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().toArray().asObservable()
        }
    }

    /// The publisher `collect(_:)` returns: the values in arrays of `count`.
    public struct CollectByCount<Upstream: Publisher>: Publisher, EnginePublisher {
        /// An array of at most `count` values.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream
        /// The size of each array but the last.
        public let count: Int

        /// Collects `upstream`'s values in arrays of `count`.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber` to `upstream` through a `CollectByCount` subscription: each
        /// request asks the upstream for `count` values per array, and each full array sent
        /// returns `count` times the demand `subscriber` returns for it.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(CollectByCountSubscription(downstream: .erase(subscriber), count: Swift.max(1, count)))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// A fold of `upstream`'s values into arrays, each sent when full, the rest on completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            let size = Swift.max(1, count)
            return upstream.asObservable()._combineFold(
                [Upstream.Output](),
                next: { values, value in
                    if values.isEmpty { values.reserveCapacity(size) }
                    values.append(value)
                    if values.count < size { return .proceed }
                    var full: [Upstream.Output] = []
                    swap(&full, &values)
                    return .emit(full)
                },
                completed: { values in
                    if values.isEmpty { return nil }
                    var rest: [Upstream.Output] = []
                    swap(&rest, &values)
                    return rest
                })
        }
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}
extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

/// `collect(_:)`'s subscription on the demand path. As Combine's: a request for `n` arrays asks the
/// upstream for `n * count` values; values are collected while the subscription is live, and a
/// full array returns `count` times the demand the downstream returns for it; the first
/// completion of the live subscription is passed on, `.finished` after the values collected since
/// the last full array, a failure without them. Values and completions before the subscription
/// and after the end are ignored. After the downstream's cancel (which drops what was collected)
/// only the upstream's completion is passed on, once, as Combine's does.
private final class CollectByCountSubscription<Input, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, [Input], Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `buffer` and `isCancelled` are guarded by
    // `lock`; `count` is immutable.
    /// The size of each array.
    let count: Int
    /// The values collected since the last full array.
    @exclusivity(unchecked) var buffer: [Input] = []
    @exclusivity(unchecked) var isCancelled = false
    /// The upstream's completion that followed the cancel has been passed on.
    @exclusivity(unchecked) var isCompletedAfterCancel = false

    init(downstream: DemandSubscriber<[Input], Failure>, count: Int) {
        self.count = count
        super.init(downstream: downstream)
    }

    override func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(demand * count)
    }

    override func cancel() {
        lock.lock()
        isCancelled = true
        let dropped = buffer
        buffer = []
        let upstream = slot.cancel()
        lock.unlock()
        withExtendedLifetime(dropped) {}
        upstream?.cancel()
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed else {
            lock.unlock()
            return .none
        }
        if buffer.isEmpty { buffer.reserveCapacity(count) }
        buffer.append(input)
        guard buffer.count >= count else {
            lock.unlock()
            return .none
        }
        let full = buffer
        buffer = []
        lock.unlock()
        return downstream.receive(full) * count
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        // As Combine's: the upstream's completion after the downstream's cancel still passes on
        // (once, without the values collected; a `sink` ignores it).
        if slot.isCancelled, !isCompletedAfterCancel {
            isCompletedAfterCancel = true
            lock.unlock()
            return downstream.receive(completion: completion)
        }
        guard slot.finish() else { return lock.unlock() }
        let rest = buffer
        buffer = []
        lock.unlock()
        if case .finished = completion, !rest.isEmpty {
            _ = downstream.receive(rest)
            lock.lock()
            let cancelled = isCancelled
            lock.unlock()
            if cancelled { return }
        }
        downstream.receive(completion: completion)
    }

    override var description: String { "CollectByCount" }

    override var customMirror: Mirror {
        lock.lock()
        let (upstream, buffer) = (slot.subscription, self.buffer)
        lock.unlock()
        return Mirror(
            self,
            children: [
                ("downstream", downstream.reflected), ("upstreamSubscription", upstream as Any), ("buffer", buffer),
                ("count", count),
            ])
    }
}

extension Publisher {
    /// Collects values into arrays by time, or by time and count: an array at the end of each time
    /// span that collected something, and at once when `count` values are in (the time spans are
    /// a fixed grid from the subscription, and a full array does not restart one). Completion
    /// sends what was collected (if anything), then finishes; a failure drops it.
    ///
    /// ```
    /// upstream:                                  -a-b-c---d-----|
    /// collect(.byTimeOrCount(s, 4 frames, 2)):   ---[ab]-[c]--[d]|   (schematic)
    /// ```
    ///
    /// As Combine's: each array uses one of the subscriber's demand (at the end of a span without
    /// demand the values stay collected); `.byTime` asks the upstream for one value per request
    /// of the subscriber and for one more per value, `.byTimeOrCount` for `count` values per
    /// array the subscriber asks for (and, for the demand it returns for an array sent because
    /// it was full, `count` per array). The upstream's completion is delivered by an action on
    /// the scheduler.
    ///
    /// Threading: the time spans run on `strategy`'s scheduler; arrays are delivered one at a
    /// time.
    @inlinable
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers {
    /// How `collect(_:options:)` groups values by time.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// An array at the end of each time span that collected something.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// As `byTime`, and also an array as soon as it holds the count.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// The publisher `collect(_:options:)` returns.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The collected values.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream
        /// When an array is sent.
        public let strategy: TimeGroupingStrategy<Context>
        /// The scheduler options of the time spans.
        public let options: Context.SchedulerOptions?

        /// A publisher that collects `upstream`'s values by `strategy`.
        @inlinable
        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        /// Attaches `subscriber` to `upstream` through a `CollectByTime` subscription (see
        /// `collect(_:options:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, span, count): (Context, Context.SchedulerTimeType.Stride, Int)
            switch strategy {
            case .byTime(let context, let interval): (scheduler, span, count) = (context, interval, 0)
            case .byTimeOrCount(let context, let interval, let limit):
                (scheduler, span, count) = (context, interval, Swift.max(1, limit))
            }
            upstream.subscribe(
                CollectByTimeSubscription(
                    downstream: .erase(subscriber), scheduler: scheduler, span: span, count: count, options: options))
        }

        /// Never exact: Combine delivers the upstream's completion from the scheduler, where the
        /// engine's time-span `buffer` sends it (and the last array) at once.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// `collect(.byTime)`'s and `collect(.byTimeOrCount)`'s subscription on the demand path, as
/// Combine's: a repeating timer from the subscription (a fixed grid, holding this object weakly)
/// sends what was collected when a span ends, if the downstream has demand; with a `count`, a
/// full array is sent at once. The upstream is asked for one value per downstream request and one
/// more per value (`byTime`), or for `count` per array asked for (`byTimeOrCount`, also for the
/// demand returned for a full array; the demand returned for an array a span ended is kept but
/// not passed upstream, as in Combine). The completion is delivered by an action on the
/// scheduler, after what was collected (`.finished`, if the downstream has demand) or dropping it
/// (a failure). The downstream is released once the subscription has ended and that action has
/// run.
private final class CollectByTimeSubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    QueueingSubscription<Value, [Value], Failure>, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`; the lets are immutable, the vars are guarded
    // by `lock`.
    let scheduler: Context
    let span: Context.SchedulerTimeType.Stride
    /// The size of a full array; 0 for `byTime`.
    let count: Int
    let options: Context.SchedulerOptions?
    @exclusivity(unchecked) var collected: [Value] = []
    @exclusivity(unchecked) var timer: Cancellable?
    /// For each array queued, whether the demand returned for it goes upstream (a full array).
    @exclusivity(unchecked) var forwardsDemand = RingBuffer<Bool>()

    init(
        downstream: DemandSubscriber<[Value], Failure>, scheduler: Context, span: Context.SchedulerTimeType.Stride,
        count: Int, options: Context.SchedulerOptions?
    ) {
        self.scheduler = scheduler
        self.span = span
        self.count = count
        self.options = options
        super.init(downstream: downstream, releasesDownstream: true)
    }

    override func receive(subscription: Subscription) {
        guard attach(subscription) else { return }
        let started = scheduler.schedule(
            after: scheduler.now.advanced(by: span), interval: span, tolerance: scheduler.minimumTolerance,
            options: options
        ) { [weak self] in self?.spanEnded() }
        lock.lock()
        let live = slot.isSubscribed
        if live { timer = started }
        lock.unlock()
        if !live { started.cancel() }
        handOff()
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed, !isDone else {
            lock.unlock()
            return .none
        }
        collected.append(input)
        var full = false
        if count > 0, collected.count >= count, demand > .none {
            demand -= 1
            send(forwardingDemand: true)
            full = true
        }
        lock.unlock()
        if full { drain() }
        return count == 0 ? .max(1) : .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        let stopped = timer.take()
        lock.unlock()
        stopped?.cancel()
        actionScheduled()
        scheduler.schedule(options: options) {
            self.lock.lock()
            var dropped: [Value] = []
            if case .finished = completion, !self.collected.isEmpty, self.demand > .none {
                self.send(forwardingDemand: false)
            } else {
                dropped = self.collected
                self.collected = []
            }
            self.enqueue(completion: completion)
            self.lock.unlock()
            withExtendedLifetime(dropped) {}
            self.drain()
            self.actionRan()
        }
    }

    /// Adds to the downstream's demand and asks the upstream for its share.
    override func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !isDone else { return lock.unlock() }
        demand += more
        let upstream = slot.subscription
        lock.unlock()
        guard let upstream else { return }
        if count == 0 {
            upstream.request(.max(1))
        } else if more > .none {
            upstream.request(more * count)
        }
    }

    /// The demand returned for an array is kept; for a full array it also goes upstream.
    override func delivered(returning more: Subscribers.Demand) -> Subscribers.Demand {
        demand += more
        let forwards = forwardsDemand.removeFirst() ?? false
        return forwards && count > 0 && more > .none ? more * count : .none
    }

    /// Cancels the timer and drops what was collected (outside `lock`).
    override func didEnd() {
        lock.lock()
        let stopped = timer.take()
        let dropped = collected
        collected = []
        forwardsDemand = RingBuffer()
        lock.unlock()
        stopped?.cancel()
        withExtendedLifetime(dropped) {}
    }

    /// A span ended: sends what was collected if there is something and the downstream has
    /// demand.
    private func spanEnded() {
        lock.lock()
        guard slot.isSubscribed, !collected.isEmpty, demand > .none else { return lock.unlock() }
        demand -= 1
        send(forwardingDemand: false)
        lock.unlock()
        drain()
    }

    /// Queues what was collected as one array (called with `lock` held).
    private func send(forwardingDemand: Bool) {
        enqueue(collected)
        forwardsDemand.append(forwardingDemand)
        collected = []
    }

    /// `CollectByTime`.
    var description: String { "CollectByTime" }

    /// No children.
    var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    var playgroundDescription: Any { description }
}
