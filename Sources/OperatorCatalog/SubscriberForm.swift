// The ways the leak check's subscriber subscribes.
import Rivulet

/// How the leak check's subscriber subscribes to a demo's stream.
package enum SubscriberForm: CaseIterable, CustomStringConvertible {
    /// `subscribe { event in ... }`.
    case eventHandler
    /// `subscribe(observer)` with an `AnyObserver`.
    case observer
    /// `subscribe(onNext:onError:onCompleted:)`.
    case closures

    /// What the check reports.
    package var description: String {
        switch self {
        case .eventHandler: "subscribe { event in }"
        case .observer: "subscribe(observer)"
        case .closures: "subscribe(onNext:onError:onCompleted:)"
        }
    }

    /// Subscribes `handler` to `observable` in this form.
    func subscribe<Element>(_ observable: Observable<Element>, _ handler: @escaping (Event<Element>) -> Void)
        -> Disposable
    {
        switch self {
        case .eventHandler: observable.subscribe { handler($0) }
        case .observer: observable.subscribe(AnyObserver { handler($0) })
        case .closures:
            observable.subscribe(
                onNext: { handler(.next($0)) }, onError: { handler(.error($0)) }, onCompleted: { handler(.completed) })
        }
    }
}
