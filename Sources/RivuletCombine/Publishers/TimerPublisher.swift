import Rivulet

#if !canImport(Combine)
    import Foundation

    // Linux only: on Apple platforms Foundation's Combine overlay declares `Timer.publish` and
    // `Timer.TimerPublisher`, and a second declaration would be ambiguous (docs/dialects.md).

    extension Timer {
        /// A connectable publisher that sends the current date every `interval` seconds on
        /// `runLoop`, once connected (Combine's `Timer.publish`; Linux only).
        ///
        /// ```swift
        /// Timer.publish(every: 1, on: .main, in: .common)
        ///     .autoconnect()
        ///     .sink { date in print(date) }
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// The dates arrive on the run loop's thread when it turns in `mode` (a command-line tool
        /// or a test has to run it; on Linux, too). As in Combine, `tolerance` is not passed on
        /// (the publisher's `tolerance` is `nil`); give it to `TimerPublisher(interval:tolerance:...)`.
        public static func publish(
            every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) -> TimerPublisher {
            TimerPublisher(interval: interval, runLoop: runLoop, mode: mode, options: options)
        }

        /// The connectable publisher `Timer.publish` returns (Combine's `Timer.TimerPublisher`;
        /// Linux only). A class, as in Combine: its copies share the subscribers.
        ///
        /// Each `connect()` adds a repeating `Timer` to the run loop, which sends `Date()` to
        /// every subscriber at each tick; cancelling the connection invalidates it. The
        /// publisher never fails or finishes. As in Combine, a subscriber is sent a tick only
        /// while it has demand (a tick it has not asked for is dropped), and its subscription has
        /// no name or mirror of its own.
        public final class TimerPublisher: ConnectablePublisher, EnginePublisher, @unchecked Sendable {
            // @unchecked Sendable: the lets are immutable and the subject is thread-safe.
            /// The current date at each tick.
            public typealias Output = Date
            /// A timer cannot fail.
            public typealias Failure = Never

            /// The time between ticks, in seconds.
            public let interval: TimeInterval
            /// How late a tick may be, in seconds (the timer's `tolerance`).
            public let tolerance: TimeInterval?
            /// The run loop the timer runs on.
            public let runLoop: RunLoop
            /// The run loop mode the timer runs in.
            public let mode: RunLoop.Mode
            /// Run loop options (none exist).
            public let options: RunLoop.SchedulerOptions?

            @usableFromInline let subject = PassthroughSubject<Date, Never>()

            /// A timer publisher with the given schedule (see `Timer.publish`).
            public init(
                interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
                options: RunLoop.SchedulerOptions? = nil
            ) {
                self.interval = interval
                self.tolerance = tolerance
                self.runLoop = runLoop
                self.mode = mode
                self.options = options
            }

            /// Attaches `subscriber` with a subscription that keeps its demand (see the type's
            /// documentation).
            public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                subject.receive(subscriber: TimerSubscriber(downstream: .erase(subscriber)))
            }

            /// The subscribers' subject: they receive the ticks of every connection.
            @inlinable
            func engineStream() -> Observable<Date> { subject.asObservable() }

            /// Adds a repeating timer to the run loop, first firing one `interval` after the
            /// connection (as Combine's; the `Timer(timeInterval:repeats:block:)` initialiser of
            /// swift-corelibs-foundation would fire at once); cancel the result to invalidate it.
            public func connect() -> any Cancellable {
                let subject = self.subject
                let timer = Timer(
                    fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true
                ) { _ in subject.send(Date()) }
                if let tolerance { timer.tolerance = tolerance }
                runLoop.add(timer, forMode: mode)
                return _TimerConnection(timer)
            }
        }
    }

    /// The subscriber a `TimerPublisher` attaches to its subject for a subscriber on the demand
    /// path: it hands the subscriber the subject's subscription (which drops a tick that finds no
    /// demand) wrapped in a `TimerSubscription`, which has no name or mirror, as Combine's.
    final class TimerSubscriber: ForwardingSubscriber<Date, Date, Never> {
        override func receive(subscription: Subscription) {
            downstream.receive(subscription: TimerSubscription(subscription))
        }

        override func receive(_ input: Date) -> Subscribers.Demand { downstream.receive(input) }
    }

    /// A timer's subscription: requests and cancel go to the subject's subscription.
    final class TimerSubscription: Subscription, @unchecked Sendable {
        // @unchecked Sendable: `base` is immutable and thread-safe.
        let base: Subscription

        init(_ base: Subscription) {
            self.base = base
        }

        func request(_ demand: Subscribers.Demand) { base.request(demand) }

        func cancel() { base.cancel() }
    }

    /// The connection `Timer.TimerPublisher.connect()` returns: cancelling it invalidates the
    /// timer; releasing it does not (Combine's rule).
    struct _TimerConnection: Cancellable, @unchecked Sendable {
        // @unchecked Sendable: `Timer.invalidate()` may be called from any thread on Linux.
        let timer: Timer

        init(_ timer: Timer) {
            self.timer = timer
        }

        func cancel() { timer.invalidate() }
    }
#endif
