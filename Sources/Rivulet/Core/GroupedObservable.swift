/// An observable of the values of one group made by `groupBy(keySelector:)`, with the key they
/// share.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every value of this group has.
    public let key: Key
    let source: Observable<Element>

    /// A group of `source`'s values under `key`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's values as a plain observable.
    public func asObservable() -> Observable<Element> { source }
}
