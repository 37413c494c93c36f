import Foundation
import Rivulet

/// A point in virtual time for `TestScheduler`, in ticks.
public typealias TestTime = Int

/// A virtual-time scheduler for tests (RxTest spelling): nothing runs until `start()` or
/// `advanceTo(_:)`, which run the queued work in `(time, scheduling order)` order.
///
/// Scheduling rules (as RxTest):
/// - work scheduled for the same tick runs first-in first-out;
/// - relative scheduling (`schedule`, `scheduleRelative`) due at or before the current clock runs
///   at `clock + 1` when `simulateProcessingDelay` is `true` (the default), at `clock` otherwise;
/// - `scheduleAt(_:action:)` and `scheduleAbsoluteVirtual` of a past time run at the current clock.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(300)])
/// XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
/// ```
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    // @unchecked Sendable: restated from VirtualTimeScheduler (its lock guards the queue and
    // clock); the only stored property added here is a constant.

    /// The default virtual times of `start(_:)`.
    public struct Defaults: Sendable {
        /// When the tested observable is created: 100.
        public static let created = 100
        /// When it is subscribed to: 200.
        public static let subscribed = 200
        /// When the subscription is disposed: 1000.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// Seconds per tick (used by marble time progressions).
    let resolution: Double

    /// A test scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: the virtual time the clock starts at (RxTest's tests use 0).
    ///   - resolution: seconds per tick: `.seconds(n)` is `n / resolution` ticks,
    ///     `.milliseconds(n)` is `n / 1000 / resolution` ticks (rounded to the nearest tick).
    ///   - simulateProcessingDelay: when `true`, relative work due now or earlier runs at
    ///     `clock + 1`.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        self.resolution = resolution.isFinite && resolution > 0 ? resolution : 1.0
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// A hot observable that sends `events` at their absolute virtual times (scheduled now, at
    /// creation) to whoever is subscribed then; it records every subscription.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(hot: events, scheduler: self)
    }

    /// A cold observable that, for each subscription, sends `events` at their times relative to
    /// the moment of subscribing; it records every subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(cold: events, scheduler: self)
    }

    /// An observer that records each event with the virtual time it arrived at.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` at the absolute virtual `time` (a past time runs at the current clock).
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Relative work due at or before the clock runs at `clock + 1` (or `clock` without
    /// simulated processing delay).
    public override func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        let clock = self.clock
        return time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the observable at `created`, subscribes a recording observer at `subscribed`,
    /// disposes that subscription at `disposed`, runs the scheduler and returns the observer.
    ///
    /// If `subscribed` comes before `created` there is nothing to subscribe to and nothing is
    /// recorded (RxTest traps).
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// `start(created:subscribed:disposed:create:)` with `created` 100 and `subscribed` 200.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start(created:subscribed:disposed:create:)` with the defaults 100, 200 and 1000.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
