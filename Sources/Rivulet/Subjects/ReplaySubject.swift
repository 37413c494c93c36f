/// A subject that replays the last values (up to a buffer size) to each new subscriber, then its
/// stop event if it has stopped.
///
/// ```
/// ReplaySubject.create(bufferSize: 2)
/// subject:    -1-2-3----|
/// subscriber:       ^(23)-|      (subscribed after 3: receives 2 and 3 at once)
/// ```
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    @usableFromInline let core: SubjectCore<Element>

    init(mode: SubjectCore<Element>.ReplayMode) {
        core = SubjectCore(mode: mode)
    }

    /// A subject that replays at most `bufferSize` values (a negative size, reported to
    /// `Hooks.misuseHandler`, counts as 0).
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        if bufferSize < 0 {
            Hooks.reportMisuse(
                "ReplaySubject.create(bufferSize: \(bufferSize))", "bufferSize is negative; replaying nothing")
        }
        return ReplaySubject(mode: .buffer(max(0, bufferSize)))
    }

    /// A subject that replays every value it has received.
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(mode: .unbounded)
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { core.lock.withLock { core.isDisposed } }

    /// Records the event and sends it to every observer; ignored after a stop event.
    @inlinable
    public func on(_ event: Event<Element>) { core.send(event) }

    @usableFromInline
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        core.subscribe(handler, subscriber)
    }

    /// Returns `self` as the observer side.
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Drops all observers and the buffer.
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
// @unchecked Sendable: `core` (a `SubjectCore`) guards observers, buffer and stop state with its `lock`.
extension ReplaySubject: @unchecked Sendable where Element: Sendable {}
