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
    /// A `count` below 1 counts as 1.
    @inlinable
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
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
            upstream.receive(
                subscriber: ReduceSubscription<Upstream.Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "Collect", initial: [], convertFailure: { $0 },
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
            upstream.receive(
                subscriber: CollectByCountSubscription(downstream: .erase(subscriber), count: Swift.max(1, count)))
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
/// nothing more is sent.
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
    /// sends what was collected (if anything), then finishes; a failure is passed on at once.
    ///
    /// ```
    /// upstream:                                  -a-b-c---d-----|
    /// collect(.byTimeOrCount(s, 4 frames, 2)):   ---[ab]-[c]--[d]|   (schematic)
    /// ```
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The Rx `buffer` on a fixed time grid that sends no empty array.
        @inlinable
        func engineStream() -> Observable<Output> {
            let (scheduler, stride, count): (Context, Context.SchedulerTimeType.Stride, Int)
            switch strategy {
            case .byTime(let context, let span): (scheduler, stride, count) = (context, span, 0)
            case .byTimeOrCount(let context, let span, let limit):
                (scheduler, stride, count) = (context, span, Swift.max(1, limit))
            }
            return upstream.asObservable()._buffer(
                timeSpan: StrideMeasure.rxTimeInterval(stride), count: count,
                scheduler: scheduler.engineScheduler(options: options), grid: true)
        }
    }
}
