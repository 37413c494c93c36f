import Rivulet

extension Publisher {
    /// Replaces each value with the time since the previous one (the first: since the
    /// subscription), as `scheduler` measures it.
    ///
    /// ```
    /// upstream:                       --a----b-c--|
    /// measureInterval(using: s):      --2----4-1--|     (in frames)
    /// ```
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

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
