/// A `PublishSubject` that can only carry values: it never fails or completes.
public final class PublishRelay<Element>: ObservableType {
    @usableFromInline let subject: PublishSubject<Element>

    /// A relay with no observers.
    public init() {
        // Through an internal function: cross-module optimisation would otherwise inline this
        // body, and the allocation of the subject and its core with it, into every module that
        // makes a relay.
        subject = makePublishSubject()
    }

    /// Sends a value to every current observer.
    @inlinable
    public func accept(_ event: Element) { subject.core.sendNext(event) }

    /// Subscribes `observer`.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    public func asObservable() -> Observable<Element> { subject }
}

/// Safe to share across threads (every call may come from any thread; see docs/DESIGN.md,
/// "Threading and disposal contract") when the values it carries are.
// @unchecked Sendable: all state is in the wrapped `PublishSubject`, whose core lock guards it.
extension PublishRelay: @unchecked Sendable where Element: Sendable {}

/// A relay's subject, made here, unspecialised (see `PublishRelay.init()`).
func makePublishSubject<Element>() -> PublishSubject<Element> {
    PublishSubject()
}
