/// A subject that multicasts each event to the observers subscribed at that moment.
///
/// ```
/// subject:    --1--2--3--|
/// subscriber:    ^--2--3--|     (subscribed after 1)
/// ```
///
/// Thread-safe: events may be sent from any thread; they are delivered one at a time, in the
/// order they were accepted. An observer may send into the subject it observes: the event is
/// delivered after the current one has reached every observer. A late subscriber to a stopped
/// subject receives only the stop event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    @usableFromInline let core = SubjectCore<Element>(mode: .none)

    /// A subject with no observers.
    @inlinable
    public override init() {}

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { core.lock.withLock { core.isDisposed } }

    /// Sends an event to every current observer; ignored after a stop event or `dispose()`.
    @inlinable
    public func on(_ event: Event<Element>) { core.send(event) }

    @usableFromInline
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        core.subscribe(handler, subscriber)
    }

    /// Runs `action` once, when the next subscriber that does not subscribe with
    /// `subscribeQuietly` subscribes; `false` (and `action` dropped) if one has already.
    package func whenSubscribed(_ action: @escaping () -> Void) -> Bool { core.whenSubscribed(action) }

    /// Subscribes `subscriber` without counting for `whenSubscribed(_:)`.
    package func subscribeQuietly(_ handler: @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        core.subscribeErased(SubjectCore.erase(handler), subscriber, quiet: true)
    }

    /// Returns `self` as the observer side.
    public func asObserver() -> PublishSubject<Element> { self }

    /// Drops all observers; later events are ignored and later subscribers receive `RxError.disposed`.
    public func dispose() { core.dispose() }

    // Nobody can send any more: the observers' handlers are released (they retain the sinks that
    // retain the core).
    deinit {
        // At +0: `core.shutDown()` retained and released the core around the call.
        Unmanaged.passUnretained(core)._withUnsafeGuaranteedRef { $0.shutDown() }
    }

    /// Subjects subscribe without the trampoline, as in RxSwift.
    @inlinable
    override var subscribesOnTrampoline: Bool { false }
}

/// Safe to share across threads (every call may come from any thread; see docs/DESIGN.md,
/// "Threading and disposal contract") when the values it carries are.
// @unchecked Sendable: `core` (a `SubjectCore`) guards observers and stop state with its `lock`.
extension PublishSubject: @unchecked Sendable where Element: Sendable {}
