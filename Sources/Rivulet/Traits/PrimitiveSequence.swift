/// An observable that is known to send at most one value: the shared shape of the traits
/// `Single` (exactly one value or an error), `Maybe` (at most one value) and `Completable` (no
/// value). `Trait` is a phantom type that picks which operators apply.
///
/// A trait is a struct around the `Observable` it stands for, so wrapping and unwrapping
/// (`asObservable()`, `asSingle()` on a single, the trait operators) cost nothing at run time:
/// every trait operator is the observable operator of the same name on the wrapped stream.
public struct PrimitiveSequence<Trait, Element> {
    @usableFromInline let source: Observable<Element>

    /// Wraps `raw`, which must keep the trait's promise (the trait operators do).
    @usableFromInline
    init(raw: Observable<Element>) {
        source = raw
    }

    /// Wraps `raw` as `init(raw:)` does, for the trait operators. Internal, unlike `init(raw:)`:
    /// a function that calls it cannot have its body handed to other modules by cross-module
    /// optimisation, so the trait operators stay compiled once, here, as docs/DESIGN.md says
    /// (`Single.zip` had been specialised in each client module: 3.8 KB per use).
    init(compiledHere raw: Observable<Element>) {
        source = raw
    }
}

/// A type that is a trait (`Single`, `Maybe` or `Completable`): the protocol the trait operators
/// are declared on, as in RxSwift.
public protocol PrimitiveSequenceType {
    /// The trait: `SingleTrait`, `MaybeTrait` or `CompletableTrait`.
    associatedtype Trait
    /// The type of the value.
    associatedtype Element

    /// `self` as a `PrimitiveSequence`.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Returns `self`.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The observable this trait wraps (no new object).
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// A trait that calls `observableFactory` for each subscription and subscribes to the trait it
    /// returns; a throw fails that subscription.
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: Observable.deferred { try observableFactory().source })
    }

    /// For each subscription, makes a resource and subscribes to the trait made from it; the
    /// resource is disposed when the subscription ends (`Observable.using`).
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            compiledHere: Observable.using(
                resourceFactory, observableFactory: { try primitiveSequenceFactory($0).source }))
    }

    /// Prints the subscription, the events and the disposal to standard output
    /// (`Observable.debug`).
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            compiledHere: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Resubscribes after an error when the trigger made from the errors sends a value
    /// (`Observable.retry(when:)`).
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.retry(when: notificationHandler))
    }

    /// Resubscribes after an error when the trigger made from the errors sends a value
    /// (`Observable.retry(when:)`, every error as a `Swift.Error`).
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.retry(when: notificationHandler))
    }

    /// Deprecated spelling of `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Deprecated spelling of `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Shifts the value and the completion by `dueTime` on `scheduler`; an error is not delayed
    /// (`Observable.delay`).
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the trait `dueTime` later on `scheduler` (`Observable.delaySubscription`).
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers the events on `scheduler` (`Observable.observe(on:)`).
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.observe(on: scheduler))
    }

    /// Deprecated spelling of `observe(on:)`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Subscribes to (and disposes) the wrapped stream on `scheduler` (`Observable.subscribe(on:)`).
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.subscribe(on: scheduler))
    }

    /// Deprecated spelling of `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// On an error, continues with the trait `handler` returns for it; a throw from `handler`
    /// fails with the thrown error (`Observable.catch`).
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.catch { try handler($0).source })
    }

    /// Deprecated spelling of `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler)
    }

    /// Subscribes up to `maxAttemptCount` times in all, resubscribing after each failure
    /// (`Observable.retry(_:)`).
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.retry(maxAttemptCount))
    }

    /// Fails with `RxError.timeout` when no event arrives within `dueTime` of subscribing
    /// (`Observable.timeout`).
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when no event arrives within `dueTime` of subscribing
    /// (`Observable.timeout(_:other:scheduler:)`).
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// A trait that sends `0` after `dueTime` on `scheduler`, then completes
    /// (`Observable.timer`).
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
