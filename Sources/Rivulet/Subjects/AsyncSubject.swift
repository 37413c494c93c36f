/// A subject that sends only its last value, and only when it completes: subscribers receive
/// that value followed by `completed`, whenever they subscribe. An error is passed on alone,
/// without a value.
///
/// ```
/// subject:            --1--2--3--|
/// early subscriber:   ^----------(3|)
/// late subscriber:                  ^(3|)
/// subject:            --1--2--X
/// subscriber:         ^-------X     (no value)
/// ```
///
/// Completing without a value sends `completed` alone. Events after the first stop event are
/// ignored. Thread-safety as for `PublishSubject`: `on(_:)` and subscriptions may come from any
/// thread.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType {
    /// Receives the final value and the stop event, and replays them to late subscribers.
    @usableFromInline let output = ReplaySubject<Element>.create(bufferSize: 1)
    let lock = Lock.make()
    /// The last value received so far (guarded by `lock`).
    @exclusivity(unchecked) var last: Element?
    /// Whether a stop event arrived (guarded by `lock`).
    @exclusivity(unchecked) var isStopped = false

    /// A subject that has received nothing yet.
    public override init() {}

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { output.hasObservers }

    /// Keeps a value as the last one, or on a stop event sends the last value (on `completed`)
    /// and the stop event to every observer.
    public func on(_ event: Event<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        switch event {
        case .next(let value):
            last = value
            lock.unlock()
        case .error, .completed:
            isStopped = true
            let value = last
            last = nil
            lock.unlock()
            if case .completed = event, let value { output.on(.next(value)) }
            output.on(event)
        }
    }

    @usableFromInline
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        output._subscribe(handler, subscriber)
    }

    /// Returns `self` as the observer side.
    public func asObserver() -> AsyncSubject<Element> { self }

    /// Subjects subscribe without the trampoline, as in RxSwift.
    @inlinable
    override var subscribesOnTrampoline: Bool { false }
}

/// Safe to share across threads (every call may come from any thread; see docs/DESIGN.md,
/// "Threading and disposal contract") when the values it carries are.
// @unchecked Sendable: its own `lock` guards the kept value; the inner `ReplaySubject`'s core lock guards the observers.
extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
