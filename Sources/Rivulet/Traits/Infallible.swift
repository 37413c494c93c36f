/// A type that is an `Infallible`: the protocol the `Infallible` operators are declared on, as in
/// RxSwift 6.
public protocol InfallibleType<Element>: ObservableConvertibleType {}

/// A stream that cannot fail: values, then at most a completion, never an error (RxSwift 6's
/// `Infallible`); it neither shares nor replays, like any `Observable`.
///
/// ```swift
/// let title: Infallible<String> = api.title().asInfallible(onErrorJustReturn: "")
/// title.subscribe(with: self, onNext: { owner, text in owner.label.text = text })
/// ```
///
/// An `Infallible` is a struct around the `Observable` it stands for, so it costs nothing of its
/// own: every operator is the observable operator of the same name on the wrapped stream, with
/// closures that cannot throw and inner streams that are `Infallible` themselves.
public struct Infallible<Element>: InfallibleType {
    @usableFromInline let source: Observable<Element>

    /// Wraps `source`, which must never send an error (the `Infallible` operators keep that).
    @inlinable
    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The observable this `Infallible` wraps (no new object).
    @inlinable
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// What an `Infallible.create` body sends: a value (`.next`) or the completion (`.completed`).
public enum InfallibleEvent<Element> {
    /// A value.
    case next(Element)
    /// The end of the stream.
    case completed
}

extension InfallibleEvent: EventConvertible {
    /// The same event as an `Event` (`.next` or `.completed`).
    @inlinable
    public var event: Event<Element> {
        switch self {
        case .next(let element): return .next(element)
        case .completed: return .completed
        }
    }
}

extension Infallible {
    /// The closure an `Infallible.create` body sends its events to.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// An `Infallible` whose subscriptions run `subscribe`, which sends events to the closure it is
    /// given (from any thread, as `Observable.create`) and returns what to dispose at the end.
    ///
    /// ```swift
    /// Infallible<Int>.create { observer in
    ///     observer(.next(1))
    ///     observer(.completed)
    ///     return Disposables.create()
    /// }
    /// ```
    @inlinable
    public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable) -> Infallible<
        Element
    > {
        Infallible(
            Observable.create { observer in
                subscribe { event in observer.on(event.event) }
            })
    }
}

extension InfallibleType {
    /// Subscribes closures for the values, the completion and the end of the subscription; every
    /// one is optional (there is no `onError`: an `Infallible` cannot fail).
    ///
    /// `onDisposed` runs once: after the completion, or when the subscription is disposed first.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` (held weakly) as their first argument; nothing
    /// runs once `object` was released.
    ///
    /// ```swift
    /// viewModel.title.subscribe(with: self, onNext: { owner, title in owner.title = title })
    /// ```
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes an event handler (it only ever sees `.next` and `.completed`).
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(on)
    }
}

extension ObservableType {
    /// This stream as an `Infallible`: an error is replaced by `element` and the completion.
    ///
    /// ```
    /// source:                            --1--2--#
    /// asInfallible(onErrorJustReturn: 0): --1--2--(0|)
    /// ```
    @inlinable
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This stream as an `Infallible`: an error switches to `infallible`.
    @inlinable
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// This stream as an `Infallible`: an error switches to the `Infallible` that `onErrorRecover`
    /// makes from it.
    @inlinable
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}

extension PrimitiveSequence {
    /// This trait as an `Infallible`: an error is replaced by `element` and the completion.
    @inlinable
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        source.asInfallible(onErrorJustReturn: element)
    }

    /// This trait as an `Infallible`: an error switches to `infallible`.
    @inlinable
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        source.asInfallible(onErrorFallbackTo: infallible)
    }

    /// This trait as an `Infallible`: an error switches to the `Infallible` that `onErrorRecover`
    /// makes from it.
    @inlinable
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        source.asInfallible(onErrorRecover: onErrorRecover)
    }
}

extension PublishRelay {
    /// The relay's values as an `Infallible` (a relay cannot fail).
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// The relay's current and later values as an `Infallible` (a relay cannot fail).
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay's replayed and later values as an `Infallible` (a relay cannot fail).
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension InfallibleType where Element: Sendable {
    /// The values as an `AsyncSequence` that cannot throw; the loop ends with the completion.
    ///
    /// ```swift
    /// for await value in infallible.values { print(value) }
    /// ```
    ///
    /// Subscribes when `values` is read; ending the loop or cancelling its task disposes the
    /// subscription. Buffer policy: unbounded, as `Observable.values`.
    public var values: AsyncStream<Element> {
        makeStream(asObservable())
    }
}
