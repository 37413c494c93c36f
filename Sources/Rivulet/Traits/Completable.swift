/// The trait of a `Completable`: no value, only completion or an error.
public enum CompletableTrait {}

/// A stream that only completes or fails: a save, a deletion, any work without a result.
///
/// ```swift
/// Completable.create { completable in
///     store.save(item) { error in completable(error.map { .error($0) } ?? .completed) }
///     return Disposables.create()
/// }
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a `Completable` delivers: its completion or its error.
@frozen
public enum CompletableEvent {
    /// The `Completable` failed.
    case error(Swift.Error)
    /// The `Completable` completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure a `Completable.create` body sends its result to.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A `Completable` whose subscriptions run `subscribe`, which sends the result to the closure
    /// it is given (from any thread) and returns what to dispose when the subscription ends.
    ///
    /// Only the first result counts.
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            compiledHere: AnonymousObservable { handler, subscriber in
                let sink = GatedSink(handler)
                subscriber.setUpstream(sink)
                sink.setUpstream(
                    subscribe { event in
                        switch event {
                        case .error(let error): sink.on(.error(error))
                        case .completed: sink.on(.completed)
                        }
                    })
            })
    }

    /// Subscribes `observer` to the result; the subscription ends with it.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        primitiveSequence.subscribeFirstEvent { event in
            switch event {
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; nothing
    /// runs once `object` was released.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: weaklyCalling(object, onCompleted), onError: weaklyCalling(object, onError),
            onDisposed: weaklyCalling(object, onDisposed))
    }

    /// Subscribes closures for completion, the error and the end of the subscription; every one
    /// is optional. Without `onError`, an error goes to `Hooks.defaultErrorHandler`.
    ///
    /// `onDisposed` runs once: after the result, or when the subscription is disposed first.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.subscribeFirstEvent(
            { event in
                switch event {
                case .error(let error):
                    if let onError { onError(error) } else { reportUnhandledError(error) }
                case .completed:
                    onCompleted?()
                }
            }, onDisposed: onDisposed)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A `Completable` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        Completable(compiledHere: Observable.error(error))
    }

    /// A `Completable` that never completes.
    public static func never() -> Completable {
        Completable(compiledHere: Observable.never())
    }

    /// A `Completable` that completes at once.
    public static func empty() -> Completable {
        Completable(compiledHere: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects for the result and the lifecycle of each subscription (`Observable.do`).
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(
            compiledHere: primitiveSequence.source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted,
                afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
                onDispose: onDispose))
    }

    /// Runs `second` after `self` has completed (`Observable.concat`).
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs the `Completable`s of `sequence` one after the other; the first error ends it.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(compiledHere: Observable.concat(sequence.lazy.map { $0.source }))
    }

    /// Runs the `Completable`s of `collection` one after the other; the first error ends it.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(compiledHere: Observable.concat(collection.map { $0.source }))
    }

    /// Runs the given `Completable`s one after the other; the first error ends it.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(compiledHere: Observable.concat(sources.map { $0.source }))
    }

    /// Runs the `Completable`s of `sources` at once and completes when all have (for a
    /// `Completable`, `zip` is `merge`); the first error ends it.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(compiledHere: Observable.merge(sources.map { $0.source }))
    }

    /// Runs the `Completable`s of `sources` at once and completes when all have.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(compiledHere: Observable.merge(sources.map { $0.source }))
    }

    /// Runs the given `Completable`s at once and completes when all have.
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(compiledHere: Observable.merge(sources.map { $0.source }))
    }

    /// RxSwift 5's name for `zip(_:)`: runs the `Completable`s at once and completes
    /// when all have.
    @available(*, deprecated, renamed: "zip(_:)")
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        zip(sources)
    }

    /// RxSwift 5's name for `zip(_:)`.
    @available(*, deprecated, renamed: "zip(_:)")
    public static func merge(_ sources: [Completable]) -> Completable {
        zip(sources)
    }

    /// RxSwift 5's name for `zip(_:)`.
    @available(*, deprecated, renamed: "zip(_:)")
    public static func merge(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}

extension CompletableEvent: Equatable {
    /// Completions are equal; errors compare as `errorsAreEqual(_:_:)` describes.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}
