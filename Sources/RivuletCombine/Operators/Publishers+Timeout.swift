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
    /// it fails with `customError()`. Either way the upstream is cancelled.
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().timeout(interval, other: ending, scheduler:)`, where `ending`
        /// is `Observable.empty()` or fails with `customError()` when the time-out happens.
        @inlinable
        func engineStream() -> Observable<Output> {
            let ending: Observable<Output>
            if let customError {
                ending = Observable.deferred { Observable.error(customError()) }
            } else {
                ending = Observable.empty()
            }
            return upstream.asObservable().timeout(
                StrideMeasure.rxTimeInterval(interval), other: ending,
                scheduler: scheduler.engineScheduler(options: options))
        }
    }
}
