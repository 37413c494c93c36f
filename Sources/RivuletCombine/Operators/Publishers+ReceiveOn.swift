import Rivulet

extension Publisher {
    /// Delivers values and the completion on `scheduler` (the twin of Rx `observe(on:)`).
    ///
    /// ```swift
    /// center.publisher(for: .keyboardWillShow)
    ///     .receive(on: RunLoop.main)
    ///     .sink { ... }
    /// ```
    ///
    /// Accepts `DispatchQueue`, `RunLoop`, `OperationQueue`, `ImmediateScheduler.shared` or any
    /// other `Scheduler`. With `ImmediateScheduler` delivery stays synchronous; `RunLoop`
    /// delivers when that run loop turns.
    @inlinable
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.ReceiveOn<Self, S>
    {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// The publisher `receive(on:options:)` returns.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events move.
        public let upstream: Upstream
        /// Where the events are delivered.
        public let scheduler: Context
        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// `upstream`, delivered on `scheduler`.
        @inlinable
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().observe(on:)` with `scheduler` as an engine scheduler.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().observe(on: scheduler.engineScheduler(options: options))
        }
    }
}
