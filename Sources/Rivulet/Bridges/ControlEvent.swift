/// A stream of UI events (RxCocoa's `ControlEvent`): it never fails, is subscribed on the main
/// thread and delivers there, and completes when its control goes away. What custom `.rx` event
/// properties are made of.
///
/// ```swift
/// extension Reactive where Base: Stepper {
///     var increment: ControlEvent<Void> { ControlEvent(events: base.incrementTaps) }
/// }
/// ```
public protocol ControlEventType<Element>: ObservableType {
    /// This stream as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// A stream of UI events; see `ControlEventType`.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The event's value.
    public typealias Element = PropertyType

    @usableFromInline let events: Observable<PropertyType>

    /// Wraps `events`, which the caller promises never fail and are sent on the main thread;
    /// they are subscribed on the main thread.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as a plain observable.
    public func asObservable() -> Observable<Element> { events }

    /// This `ControlEvent` itself.
    public func asControlEvent() -> ControlEvent<Element> { self }
}

extension ControlEvent {
    /// The events as a `Driver` (they cannot fail and arrive on the main thread).
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }

    /// The events as a `Signal` (they cannot fail and arrive on the main thread).
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { _ in Signal.empty() })
    }
}
