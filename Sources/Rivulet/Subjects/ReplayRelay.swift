/// A `ReplaySubject` that can only carry values: it replays its last values to each new
/// subscriber and never fails or completes.
///
/// ```swift
/// let recent = ReplayRelay<String>.create(bufferSize: 2)
/// recent.accept("a"); recent.accept("b"); recent.accept("c")
/// recent.subscribe(onNext: { print($0) })  // b, c
/// ```
///
/// Thread-safety as for `PublishSubject`.
public final class ReplayRelay<Element>: ObservableType {
    @usableFromInline let subject: ReplaySubject<Element>

    init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay that replays at most `bufferSize` values (a negative size, reported to
    /// `Hooks.misuseHandler`, counts as 0).
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        if bufferSize < 0 {
            Hooks.reportMisuse(
                "ReplayRelay.create(bufferSize: \(bufferSize))", "bufferSize is negative; replaying nothing")
        }
        return ReplayRelay(subject: .create(bufferSize: Swift.max(0, bufferSize)))
    }

    /// A relay that replays every value it has received.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbound())
    }

    /// Records a value and sends it to every observer.
    @inlinable
    public func accept(_ event: Element) { subject.core.sendNext(event) }

    /// Subscribes `observer`; it first receives the buffered values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    public func asObservable() -> Observable<Element> { subject }
}

/// Safe to share across threads (every call may come from any thread; see docs/DESIGN.md,
/// "Threading and disposal contract") when the values it carries are.
// @unchecked Sendable: all state is in the wrapped `ReplaySubject`, whose core lock guards it.
extension ReplayRelay: @unchecked Sendable where Element: Sendable {}
