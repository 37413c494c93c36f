import Rivulet

extension Publisher {
    /// Sends at most one value per `interval` (the twin of Rx `throttle(_:latest:scheduler:)`):
    /// the first value at once; with `latest: true`, the latest value received during the window
    /// at its end.
    ///
    /// ```
    /// upstream:                                --1-2-3-------4--|
    /// throttle(for: 4 ticks, latest: true):    --1-----3-----4--|
    /// throttle(for: 4 ticks, latest: false):   --1-----------4--|
    /// ```
    ///
    /// Engine semantics (RxSwift's), which differ from Apple's Combine for `latest: false`: the
    /// values that arrive during a window are dropped (Combine sends the window's first value at
    /// the end of the window).
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().throttle(interval, latest:, scheduler:)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().throttle(
                StrideMeasure.rxTimeInterval(interval), latest: latest,
                scheduler: scheduler.engineScheduler(options: nil))
        }
    }
}
