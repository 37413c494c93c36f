/// The trait of a `Single`: exactly one value, or an error.
public enum SingleTrait {}

/// A stream that sends exactly one value (then completes) or fails: a request, a computation.
///
/// ```swift
/// Single<Int>.create { single in
///     single(.success(42))
///     return Disposables.create()
/// }
/// .subscribe(onSuccess: { print($0) }, onFailure: { print($0) })
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` delivers: its value (`.success`) or its error (`.failure`).
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a `Single.create` body sends its result to.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A `Single` whose subscriptions run `subscribe`, which sends the result to the closure it is
    /// given (from any thread) and returns what to dispose when the subscription ends.
    ///
    /// Only the first result counts, whichever thread sends it (a second one is reported to
    /// `Hooks.misuseHandler` and dropped); `.success(x)` sends `x` and the
    /// completion together (a result racing from another thread cannot come between them).
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        Single.createResult { sink in
            subscribe { result in
                let accepted: Bool
                switch result {
                case .success(let element): accepted = sink.succeed(element)
                case .failure(let error): accepted = sink.stop(.error(error))
                }
                if !accepted {
                    Hooks.reportMisuse(
                        "Single.create",
                        "resolved a second time with \(result); the first result stands, this one is dropped")
                }
            }
        }
    }

    /// Subscribes `observer` to the result; the subscription ends with it.
    ///
    /// ```swift
    /// single.subscribe { result in
    ///     switch result {
    ///     case .success(let value): print(value)
    ///     case .failure(let error): print(error)
    ///     }
    /// }
    /// ```
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        primitiveSequence.subscribeFirstEvent { event in
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            // A Single always sends a value or an error; a completion alone is reported as
            // `RxError.noElements` (RxSwift stops a debug build).
            case .completed: observer(.failure(RxError.noElements))
            }
        }
    }

    /// Subscribes closures for the value, the error and the end of the subscription; every one
    /// is optional. Without `onFailure`, an error goes to `Hooks.defaultErrorHandler`.
    ///
    /// `onDisposed` runs once: after the result, or when the subscription is disposed first.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.subscribeFirstEvent(
            { event in
                switch event {
                case .next(let element):
                    onSuccess?(element)
                case .error(let error):
                    if let onFailure { onFailure(error) } else { reportUnhandledError(error) }
                case .completed:
                    let error = RxError.noElements
                    if let onFailure { onFailure(error) } else { reportUnhandledError(error) }
                }
            }, onDisposed: onDisposed)
    }

    /// Deprecated spelling of `subscribe(onSuccess:onFailure:onDisposed:)`.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; nothing
    /// runs once `object` was released.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: weaklyCalling(object, onSuccess), onFailure: weaklyCalling(object, onFailure),
            onDisposed: weaklyCalling(object, onDisposed))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects for the result and the lifecycle of each subscription (`Observable.do`):
    /// `onSuccess`/`onError` before the result is passed on, `afterSuccess`/`afterError` after.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(
            compiledHere: primitiveSequence.source.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Continues with the `Maybe` `selector` returns for the value.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(compiledHere: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the `Completable` `selector` returns for the value.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(compiledHere: primitiveSequence.source.flatMap(selector))
    }

    /// Combines the values of the `Single`s in `collection` with `resultSelector` (in collection
    /// order); an empty collection succeeds with `resultSelector([])`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>.deferred {
                PrimitiveSequence<Trait, Result>(compiledHere: .just(try resultSelector([])))
            }
        }
        return PrimitiveSequence<Trait, Result>(
            compiledHere: Observable.zip(collection.map { $0.source }, resultSelector: resultSelector))
    }

    /// The values of the `Single`s in `collection`, as an array in collection order; an empty
    /// collection succeeds with `[]`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty { return PrimitiveSequence<Trait, [Element]>(compiledHere: .just([])) }
        return PrimitiveSequence<Trait, [Element]>(compiledHere: Observable.zip(collection.map { $0.source }))
    }

    /// The same stream as a `Maybe`.
    public func asMaybe() -> Maybe<Element> {
        Maybe(compiledHere: primitiveSequence.source)
    }

    /// The same stream as a `Completable`: the value is dropped.
    public func asCompletable() -> Completable {
        Completable(compiledHere: primitiveSequence.source.ignoreElements())
    }
}
