/// A type that can be turned into an `Observable`.
public protocol ObservableConvertibleType<Element> {
    /// The type of the values in the sequence.
    associatedtype Element

    /// The `Observable` this value stands for.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of values that can be subscribed to.
///
/// Every Rx-dialect operator is an extension of this protocol and returns an `Observable`.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Subscribes `observer` to the sequence and returns the handle that ends the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element
}

extension ObservableType {
    /// An `Observable` that subscribes to `self`.
    public func asObservable() -> Observable<Element> {
        if let observable = self as? Observable<Element> { return observable }
        return AnonymousObservable { handler, subscriber in
            let sink = Sink(handler)
            subscriber.setUpstream(sink)
            sink.setUpstream(self.subscribe(AnyObserver(eventHandler: { event in sink.forward(event) })))
        }
    }
}
