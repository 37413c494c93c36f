/// A `BehaviorSubject` that can only carry values: it holds a current value, replays it to new
/// subscribers, and never fails or completes.
///
/// ```swift
/// let height = BehaviorRelay<CGFloat>(value: 0)
/// height.accept(336)
/// height.value  // 336
/// ```
public final class BehaviorRelay<Element>: ObservableType {
    @usableFromInline let subject: BehaviorSubject<Element>

    /// A relay whose current value is `value`.
    public init(value: Element) {
        // Through an internal function: cross-module optimisation would otherwise inline this
        // body, and the allocation of the subject with it, into every module that makes a relay.
        subject = makeBehaviorSubject(value)
    }

    /// The current value. Readable from any thread.
    @inlinable
    public var value: Element {
        // A relay's subject is never stopped or disposed, so `latest` is always set.
        subject.core.lock.withLock { subject.core.latest! }
    }

    /// Sets the current value and sends it to every observer.
    @inlinable
    public func accept(_ event: Element) { subject.core.sendNext(event) }

    /// Subscribes `observer`; it first receives the current value.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    public func asObservable() -> Observable<Element> { subject }
}

/// Safe to share across threads (every call may come from any thread; see docs/DESIGN.md,
/// "Threading and disposal contract") when the values it carries are.
// @unchecked Sendable: all state is in the wrapped `BehaviorSubject`, whose core lock guards it.
extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}

/// A relay's subject, made here, unspecialised (see `BehaviorRelay.init(value:)`).
func makeBehaviorSubject<Element>(_ value: Element) -> BehaviorSubject<Element> {
    BehaviorSubject(value: value)
}
