/// Carries the observer `Observable.create` hands out into a `@Sendable` closure (a
/// notification block, a `Task`).
struct ThreadSafeObserver<Element>: @unchecked Sendable {
    // @unchecked Sendable: `create`'s observer serialises calls from any thread (its SerialGate
    // lock) and ignores everything after the stop event or the dispose.
    let observer: AnyObserver<Element>

    init(_ observer: AnyObserver<Element>) { self.observer = observer }
}
