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
    /// `asSingle()`, then the `Single`'s `subscribe(onSuccess:onFailure:)`.
    case single
    /// `asMaybe()`, then the `Maybe`'s `subscribe { event in }`.
    case maybe
    /// `ignoreElements().asCompletable()`, then the `Completable`'s `subscribe(onCompleted:onError:)`.
    case completable
    /// `asInfallible(onErrorFallbackTo: .empty())`, then the `Infallible`'s
    /// `subscribe(onNext:onCompleted:)`.
    case infallible

    /// What the check reports.
    package var description: String {
        switch self {
        case .eventHandler: "subscribe { event in }"
        case .observer: "subscribe(observer)"
        case .closures: "subscribe(onNext:onError:onCompleted:)"
        case .single: "asSingle().subscribe(onSuccess:onFailure:)"
        case .maybe: "asMaybe().subscribe { event in }"
        case .completable: "asCompletable().subscribe(onCompleted:onError:)"
        case .infallible: "asInfallible(...).subscribe(onNext:onCompleted:)"
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
        case .single:
            observable.asSingle().subscribe(
                onSuccess: {
                    handler(.next($0))
                    handler(.completed)
                }, onFailure: { handler(.error($0)) })
        case .maybe:
            observable.asMaybe().subscribe { event in
                switch event {
                case .success(let element):
                    handler(.next(element))
                    handler(.completed)
                case .error(let error): handler(.error(error))
                case .completed: handler(.completed)
                }
            }
        case .completable:
            observable.ignoreElements().asCompletable().subscribe(
                onCompleted: { handler(.completed) }, onError: { handler(.error($0)) })
        case .infallible:
            observable.asInfallible(onErrorFallbackTo: .empty()).subscribe(
                onNext: { handler(.next($0)) }, onCompleted: { handler(.completed) })
        }
    }
}
