/// A UI property as a stream of its values and an observer that sets it (RxCocoa's
/// `ControlProperty`): the current value first, then each change made by the user; values
/// received are written through `valueSink`. What custom two-way `.rx` properties are made of.
///
/// ```swift
/// extension Reactive where Base: Slider {
///     var value: ControlProperty<Double> {
///         ControlProperty(values: base.valueChanges.startWith(base.value),
///                         valueSink: Binder(base) { slider, value in slider.value = value })
///     }
/// }
/// ```
///
/// It never fails; the values are subscribed on the main thread. An error sent into it is not a
/// value a control can show: it goes to `Hooks.defaultErrorHandler` (RxCocoa traps in debug
/// builds).
public protocol ControlPropertyType<Element>: ObservableType, ObserverType {
    /// This property as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A UI property as a stream and an observer; see `ControlPropertyType`.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The property's value.
    public typealias Element = PropertyType

    @usableFromInline let values: Observable<PropertyType>
    @usableFromInline let valueSink: AnyObserver<PropertyType>

    /// A property read from `values` (current value first) and written through `valueSink`.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the property's values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The property's values as a plain observable.
    public func asObservable() -> Observable<Element> { values }

    /// This `ControlProperty` itself.
    public func asControlProperty() -> ControlProperty<Element> { self }

    /// The changes only: the values without the current one that comes first.
    public var changed: ControlEvent<PropertyType> { ControlEvent(events: values.skip(1)) }

    /// Writes a value into the property; an error goes to `Hooks.defaultErrorHandler`; the
    /// completion is passed on to `valueSink`.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error): reportUnhandledError(error)
        case .next, .completed: valueSink.on(event)
        }
    }
}

extension ControlProperty {
    /// The property's values as a `Driver` (they cannot fail and arrive on the main thread).
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string (a text field's text).
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        let values: Observable<String> = original.asObservable().map { $0 ?? "" }
        let valueSink = AnyObserver<String> { event in original.on(event.map { Optional($0) }) }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}
