import Foundation

/// How a `SharedSequence` shares its source and where it delivers (RxCocoa's
/// `SharingStrategyProtocol`): `DriverSharingStrategy` and `SignalSharingStrategy`.
public protocol SharingStrategyProtocol {
    /// The scheduler the trait delivers on; `SharingScheduler.make()` (the main thread) for
    /// `Driver` and `Signal`.
    static var scheduler: SchedulerType { get }

    /// Shares `source` among the subscribers the way the trait does (`Driver`: replaying the
    /// latest value; `Signal`: replaying nothing).
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that is a `SharedSequence`: the protocol the `Driver` and `Signal` operators are
/// declared on, as in RxCocoa.
public protocol SharedSequenceConvertibleType<SharingStrategy, Element>: ObservableConvertibleType {
    /// How the sequence shares and where it delivers.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// This value as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A stream that cannot fail, delivers on `SharingStrategy.scheduler` (the main thread) and
/// shares one subscription to its source among its subscribers (RxCocoa's `SharedSequence`, the
/// type behind `Driver` and `Signal`).
///
/// ```swift
/// let height: Driver<CGFloat> = keyboardHeight.asDriver(onErrorJustReturn: 0)
/// height.drive(onNext: { bottom.constant = $0 }).disposed(by: bag)
/// ```
///
/// A `SharedSequence` is a struct around the shared `Observable` it stands for: every operator is
/// the observable operator of the same name on the wrapped stream, shared again with
/// `SharingStrategy.share` (so a `map` runs once per value however many subscribe), with closures
/// that cannot throw and inner streams of the same strategy.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    @usableFromInline let source: Observable<Element>

    /// Shares `source`, which must never send an error and must deliver on
    /// `SharingStrategy.scheduler` (the operators keep both), with `SharingStrategy.share`.
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// The shared observable this sequence wraps (no new object).
    public func asObservable() -> Observable<Element> {
        source
    }

    /// This sequence itself.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

/// The scheduler `Driver` and `Signal` deliver on: a `MainScheduler` unless a test replaced it
/// with `mock(scheduler:action:)` (RxCocoa's `SharingScheduler`).
///
/// ```swift
/// SharingScheduler.mock(scheduler: testScheduler) {
///     let res = testScheduler.start { viewModel.title.asObservable() }
/// }
/// ```
public enum SharingScheduler {
    /// Makes the scheduler of a new `Driver` or `Signal`: by default a new `MainScheduler` (its
    /// own queue count, as in RxCocoa, so a `Driver` built while another delivers on the main
    /// thread still delivers at once).
    public static var make: () -> SchedulerType {
        factory.current
    }

    /// Runs `action` with every `Driver` and `Signal` made meanwhile delivering on `scheduler`
    /// (for tests on a `TestScheduler`), then restores the previous scheduler.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with `makeScheduler` making the scheduler of every `Driver` and `Signal`
    /// made meanwhile, then restores the previous one. Not meant for concurrent tests.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let previous = factory.replace(with: makeScheduler)
        defer { _ = factory.replace(with: previous) }
        try action()
    }

    private static let factory = SchedulerFactory()
}

/// The current scheduler factory of `SharingScheduler`.
private final class SchedulerFactory: @unchecked Sendable {
    // @unchecked Sendable: `make` is guarded by `lock`.
    private let lock = NSLock()
    private var make: () -> SchedulerType = { MainScheduler() }

    var current: () -> SchedulerType { lock.withLock { make } }

    func replace(with new: @escaping () -> SchedulerType) -> () -> SchedulerType {
        lock.withLock {
            defer { make = new }
            return make
        }
    }
}

/// The strategy of `Driver`: delivers on the main thread and replays the latest value to each new
/// subscriber while the source is connected (`share(replay: 1, scope: .whileConnected)`).
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// `SharingScheduler.make()`: a `MainScheduler` unless mocked.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(replay: 1, scope: .whileConnected)`.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// The strategy of `Signal`: delivers on the main thread and shares without replay
/// (`share(scope: .whileConnected)`): a new subscriber sees only later values.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// `SharingScheduler.make()`: a `MainScheduler` unless mocked.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(scope: .whileConnected)`.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

/// A `SharedSequence` for state: never fails, delivers on the main thread, and replays the latest
/// value to each new subscriber (RxCocoa's `Driver`); consumed with `drive`.
///
/// ```swift
/// viewModel.isLoading.asDriver(onErrorJustReturn: false)
///     .drive(onNext: { spinner.isHidden = !$0 })
///     .disposed(by: bag)
/// ```
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// A `SharedSequence` for events: never fails, delivers on the main thread, and replays nothing,
/// so a new subscriber sees only later values (RxCocoa's `Signal`); consumed with `emit`.
///
/// ```swift
/// viewModel.showAlert.emit(onNext: { present($0) }).disposed(by: bag)
/// ```
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension SharedSequenceConvertibleType {
    /// What `drive` and `emit` subscribe to: the sequence itself on the main thread; from another
    /// thread, the sequence subscribed by an action on `SharingStrategy.scheduler`, so even a
    /// replayed value arrives on the main thread.
    @usableFromInline
    func subscribedOnTheDeliveryThread() -> Observable<Element> {
        Thread.isMainThread ? asObservable() : asObservable().subscribe(on: SharingStrategy.scheduler)
    }
}
