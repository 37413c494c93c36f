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
    /// Engine semantics (RxSwift's): a value still pending when the upstream finishes is sent
    /// before `.finished`; a failure is forwarded at once and drops the pending value.
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().debounce(dueTime, scheduler:)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().debounce(
                StrideMeasure.rxTimeInterval(dueTime), scheduler: scheduler.engineScheduler(options: options))
        }
    }
}
