/// A subject that holds a current value and replays it to each new subscriber.
///
/// ```
/// BehaviorSubject(value: 0)
/// subject:    --1--2--|
/// subscriber:    ^1-2--|        (subscribed after 1: receives 1 at once)
/// ```
///
/// After a stop event a new subscriber receives only the stop event. Thread-safety as for
/// `PublishSubject`.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    @usableFromInline let core: SubjectCore<Element>

    /// A subject whose current value is `value`.
    public init(value: Element) {
        core = SubjectCore(latest: value)
    }

    /// The current value (the last one sent).
    ///
    /// - Throws: the error that stopped the subject, or `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        try core.lock.withLock {
            if core.isDisposed { throw RxError.disposed(object: self) }
            if core.stopAccepted == SubjectCore<Element>.errorStop, let error = core.stopError { throw error }
            // `latest` is set in init and only cleared by dispose, handled above.
            guard let latest = core.latest else { throw RxError.disposed(object: self) }
            return latest
        }
    }

    /// The last value accepted, kept after a stop event too; `nil` only after `dispose()` (for
    /// RivuletCombine's `CurrentValueSubject.value`, which Combine keeps after the completion).
    package var latestValue: Element? { core.lock.withLock { core.latest } }

    /// Stores `value` as the last value without sending it, if the subject has stopped (and was
    /// not disposed); returns whether it did. For RivuletCombine's `CurrentValueSubject.value`,
    /// whose setter Combine lets store a value after the completion.
    package func storeAfterStop(_ value: Element) -> Bool {
        core.lock.lock()
        guard core.stopAccepted != SubjectCoreBase.noStop, !core.isDisposed, let values = core.values else {
            core.lock.unlock()
            return false
        }
        let previous = values.latest
        values.latest = value
        core.lock.unlock()
        withExtendedLifetime(previous) {}
        return true
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { core.lock.withLock { core.isDisposed } }

    /// Sets the current value and sends it to every observer; ignored after a stop event.
    @inlinable
    public func on(_ event: Event<Element>) { core.send(event) }

    @usableFromInline
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        core.subscribe(handler, subscriber)
    }

    /// Returns `self` as the observer side.
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Drops all observers and the value; `value()` then throws `RxError.disposed`.
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
// @unchecked Sendable: `core` (a `SubjectCore`) guards observers, value and stop state with its `lock`.
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
