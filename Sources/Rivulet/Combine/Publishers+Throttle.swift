extension Publisher {
    /// Sends at most one value per `interval`: the first value at once, then, at the end of each
    /// window, the latest (`latest: true`) or the first (`latest: false`) value received in it (the
    /// twin of Rx `throttle(_:latest:scheduler:)`).
    ///
    /// ```
    /// upstream:                               --1-2-3-------4--|
    /// throttle(for: 4 ticks, latest: true):   --1-----3-----4--|
    /// ```
    @inlinable
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// The publisher `throttle(for:scheduler:latest:)` returns.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
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
        /// Whether a window sends its latest value (`true`) or its first (`false`).
        public let latest: Bool

        /// `upstream`, throttled to one value per `interval`.
        @inlinable
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// `upstream.asObservable().throttle(interval, latest:, scheduler:)`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            upstream.asObservable().throttle(interval.rxTimeInterval, latest: latest, scheduler: RxSchedulerAdapter(scheduler, options: nil))
        }
    }
}
