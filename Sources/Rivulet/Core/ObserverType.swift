/// Something that receives a stream's events.
///
/// Rivulet calls `on(_:)` serially for one subscription (never from two threads at once) and
/// never after a terminal event.
public protocol ObserverType<Element> {
    /// The type of value the observer receives.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    @inlinable
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Sends `.completed`.
    @inlinable
    public func onCompleted() { on(.completed) }

    /// Sends `.error(error)`.
    @inlinable
    public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// Wraps this observer in an `AnyObserver`.
    @inlinable
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// An observer that transforms values with `transform` before passing them to this observer.
    @inlinable
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver(eventHandler: { event in self.on(event.map(transform)) })
    }
}
