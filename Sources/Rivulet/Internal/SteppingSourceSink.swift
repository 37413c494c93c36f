/// The sink of the synchronous sources (`of`, `from`, `range`, `generate`, `repeatElement`
/// without a scheduler): one element per step on the current thread's trampoline, then the end in
/// one more step, as RxSwift's sources on `CurrentThreadScheduler.instance` do. The sink is its own
/// trampoline step, so a step allocates nothing.
///
/// The first step is queued behind the work the trampoline is running (the rest of the
/// subscription, the other sources of a `merge`), or runs at once where no trampoline runs. A
/// disposed sink takes no more steps, so `take(1)` stops an infinite sequence.
@usableFromInline
final class SteppingSourceSink<Element, State>: SinkBase, TrampolineStep, @unchecked Sendable {
    // @unchecked Sendable: `state` and `next` are used only by the steps, which run one at a time
    // on the trampoline of the subscribing thread; the phase is guarded by SinkBase's lock.
    @usableFromInline let downstream: (Event<Element>) -> Void
    /// Produces the next element from `state`; `nil` ends the stream, a throw fails it.
    @usableFromInline let next: (inout State) throws -> Element?
    @exclusivity(unchecked) @usableFromInline var state: State

    @inlinable
    init(
        _ downstream: @escaping (Event<Element>) -> Void, state: State, next: @escaping (inout State) throws -> Element?
    ) {
        self.downstream = downstream
        self.state = state
        self.next = next
    }

    @inlinable
    func runStep() {
        if isDisposed { return }
        let element: Element?
        do {
            element = try next(&state)
        } catch {
            downstream(.error(error))
            dispose()
            return
        }
        guard let element else {
            downstream(.completed)
            dispose()
            return
        }
        downstream(.next(element))
        Trampoline.enqueue(self)
    }
}

extension ObservableType {
    /// An observable whose subscriptions step through `state` with `next` on the current thread's
    /// trampoline (see `SteppingSourceSink`).
    @inlinable
    static func stepping<State>(
        _ state: State, _ next: @escaping (inout State) throws -> Element?
    ) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            let sink = SteppingSourceSink(handler, state: state, next: next)
            subscriber.setUpstream(sink)
            sink.attachNothing()
            Trampoline.schedule(sink)
        }
    }
}
