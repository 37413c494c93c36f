import Rivulet

extension Publisher {
    /// Sends every value and the completion `interval` later, on `scheduler` (the twin of Rx
    /// `delay`).
    ///
    /// ```
    /// upstream:                --1--2--|
    /// delay(for: 2 ticks):     ----1--2--|
    /// ```
    ///
    /// Engine semantics (RxSwift's), which differ from Apple's Combine here: a failure is not
    /// delayed; it is delivered as soon as it arrives and drops the values still waiting.
    @inlinable
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler,
            options: options)
    }
}

extension Publishers {
    /// The publisher `delay(for:tolerance:scheduler:options:)` returns.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher delayed.
        public let upstream: Upstream
        /// The delay.
        public let interval: Context.SchedulerTimeType.Stride
        /// The allowed lateness (passed to the scheduler).
        public let tolerance: Context.SchedulerTimeType.Stride
        /// The scheduler that delivers.
        public let scheduler: Context
        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// `upstream`, delayed by `interval` on `scheduler`.
        @inlinable
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().delay(interval, scheduler:)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().delay(
                StrideMeasure.rxTimeInterval(interval), scheduler: scheduler.engineScheduler(options: options))
        }
    }
}
