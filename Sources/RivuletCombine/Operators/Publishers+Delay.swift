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
    /// As Combine's (since iOS 13.3 / macOS 10.15.2): the subscription is handed to the
    /// subscriber at once, on the thread that subscribes; each value and the completion (a failure
    /// too) go on `scheduler`, `interval` later. The subscriber's requests and cancel go straight
    /// to the upstream, and the demand it returns for a value is requested from the upstream after
    /// the value.
    ///
    /// Threading: calls into the subscriber never overlap, also on a concurrent scheduler.
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

        /// Attaches `subscriber` to `upstream` through a `Delay` subscription (see
        /// `delay(for:tolerance:scheduler:options:)`). Like Combine's, it has no name or mirror of
        /// its own.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: DelaySubscription(
                    downstream: .erase(subscriber), scheduler: scheduler, delay: interval, tolerance: tolerance,
                    options: options))
        }

        /// Never exact: the engine's (RxSwift's) `delay` forwards a failure at once, where Combine
        /// delays it like a value.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// `delay`'s subscription (see `HoppingSubscription`): no description or mirror, as Combine's.
final class DelaySubscription<Value, Failure: Swift.Error, Context: Scheduler>:
    HoppingSubscription<Value, Failure, Context>, @unchecked Sendable
{
    // @unchecked Sendable: as `QueueingSubscription`.
}
