/// A type-erased observer: a wrapper around an event handler closure.
public struct AnyObserver<Element>: ObserverType {
    /// The closure every event goes to.
    public typealias EventHandler = (Event<Element>) -> Void

    /// The wrapped handler.
    public let observer: EventHandler

    /// Wraps an event handler.
    @inlinable
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// Wraps any observer, forwarding every event to it.
    @inlinable
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let erased = observer as? AnyObserver<Element> {
            self = erased
        } else {
            self.observer = observer.on
        }
    }

    /// Forwards the event to the wrapped handler.
    @inlinable
    public func on(_ event: Event<Element>) { observer(event) }

    /// Returns `self`.
    @inlinable
    public func asObserver() -> AnyObserver<Element> { self }
}
