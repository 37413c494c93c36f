/// The trait of a `Maybe`: at most one value, then completion, or an error.
public enum MaybeTrait {}

/// A stream that sends at most one value: a cache look-up, an optional result.
///
/// ```swift
/// Maybe<User>.create { maybe in
///     if let user = cache.user { maybe(.success(user)) } else { maybe(.completed) }
///     return Disposables.create()
/// }
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a `Maybe` delivers: its value, its error, or completion without a value.
@frozen
public enum MaybeEvent<Element> {
    /// The one value (the underlying stream sends it, then completes).
    case success(Element)
    /// The `Maybe` failed.
    case error(Swift.Error)
    /// The `Maybe` completed without a value.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a `Maybe.create` body sends its result to.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A `Maybe` whose subscriptions run `subscribe`, which sends the result to the closure it is
    /// given (from any thread) and returns what to dispose when the subscription ends.
    ///
    /// Only the first result counts, whichever thread sends it (a second one is reported to
    /// `Hooks.misuseHandler` and dropped); `.success(x)` sends `x` and the
    /// completion together (a result racing from another thread cannot come between them).
    public static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence.createResult { sink in
            subscribe { event in
                let accepted: Bool
                switch event {
                case .success(let element): accepted = sink.succeed(element)
                case .error(let error): accepted = sink.stop(.error(error))
                case .completed: accepted = sink.stop(.completed)
                }
                if !accepted {
                    Hooks.reportMisuse(
                        "Maybe.create",
                        "resolved a second time with \(event); the first result stands, this one is dropped")
                }
            }
        }
    }

    /// Subscribes `observer` to the result; the subscription ends with it.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        primitiveSequence.subscribeFirstEvent { event in
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; nothing
    /// runs once `object` was released.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: weaklyCalling(object, onSuccess), onError: weaklyCalling(object, onError),
            onCompleted: weaklyCalling(object, onCompleted), onDisposed: weaklyCalling(object, onDisposed))
    }

    /// Subscribes closures for the value, the error, completion without a value and the end of
    /// the subscription; every one is optional. Without `onError`, an error goes to
    /// `Hooks.defaultErrorHandler`.
    ///
    /// Exactly one of `onSuccess`, `onError` and `onCompleted` runs (a value is not followed by
    /// `onCompleted`); `onDisposed` runs once, after it or when the subscription is disposed first.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.subscribeFirstEvent(
            { event in
                switch event {
                case .next(let element):
                    onSuccess?(element)
                case .error(let error):
                    if let onError { onError(error) } else { reportUnhandledError(error) }
                case .completed:
                    onCompleted?()
                }
            }, onDisposed: onDisposed)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` that completes at once, without a value.
    public static func empty() -> Maybe<Element> {
        Maybe(compiledHere: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects for the events and the lifecycle of each subscription (`Observable.do`).
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            compiledHere: primitiveSequence.source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Single` of the value, or of `default` if the `Maybe` completes empty.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(compiledHere: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// The `Maybe` itself, or `other` if it completes empty.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(compiledHere: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// The `Maybe` as a `Single`: its value, or `other`'s if it completes empty.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(compiledHere: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Values compare with `==`; errors compare as `errorsAreEqual(_:_:)` describes.
    public static func == (lhs: MaybeEvent, rhs: MaybeEvent) -> Bool {
        switch (lhs, rhs) {
        case (.success(let l), .success(let r)): return l == r
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}
