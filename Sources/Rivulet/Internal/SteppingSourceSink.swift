/// The sink of the synchronous sources (`of`, `from`, `range`, `generate`, `repeatElement`
/// without a scheduler): one element per step on the current thread's trampoline, then the end in
/// one more step, as RxSwift's sources on `CurrentThreadScheduler.instance` do. The sink is its own
/// trampoline step, so a step allocates nothing.
///
/// The first step is queued behind the work the trampoline is running (the rest of the
/// subscription, the other sources of a `merge`), or runs at once where no trampoline runs. A
/// disposed sink takes no more steps, so `take(1)` stops an infinite sequence.
///
/// A step notes its thread while it runs, so a `dispose()` from another thread during a step
/// (a chain that handed the subscription elsewhere) knows the element being handed over may still
/// reach the subscriber: the sink settles when that step has returned (docs/DESIGN.md, "Ending a
/// subscription never waits").
@usableFromInline
final class SteppingSourceSink<Element, State>: SinkBase, TrampolineStep, @unchecked Sendable {
    // @unchecked Sendable: `state` and `next` are used only by the steps, which run one at a time
    // on the trampoline of the subscribing thread; the phase, `steppingThread` and
    // `settleAfterStep` are guarded by SinkBase's lock.
    @usableFromInline let downstream: (Event<Element>) -> Void
    /// Produces the next element from `state`; `nil` ends the stream, a throw fails it.
    @usableFromInline let next: (inout State) throws -> Element?
    @exclusivity(unchecked) @usableFromInline var state: State
    /// The thread running a step (0: none).
    @exclusivity(unchecked) @usableFromInline var steppingThread: UInt = 0
    /// A `dispose()` from another thread waits for the running step to return.
    @exclusivity(unchecked) @usableFromInline var settleAfterStep = false

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
        lock.lock()
        if phase == SinkBase.disposed {
            lock.unlock()
            return
        }
        steppingThread = ThreadID.current.raw
        lock.unlock()
        let element: Element?
        do {
            element = try next(&state)
        } catch {
            downstream(.error(error))
            endStep()
            dispose()
            return
        }
        guard let element else {
            downstream(.completed)
            endStep()
            dispose()
            return
        }
        downstream(.next(element))
        endStep()
        Trampoline.enqueue(self)
    }

    /// The step has returned: a `dispose()` that came from another thread during it can settle.
    @usableFromInline
    final func endStep() {
        lock.lock()
        steppingThread = 0
        let settle = settleAfterStep
        settleAfterStep = false
        lock.unlock()
        if settle { upstreamSettled() }
    }

    /// A step running on another thread may still hand its element over: wait for it to return.
    @usableFromInline
    override func willDispose() -> Int {
        lock.lock()
        defer { lock.unlock() }
        if steppingThread == 0 || steppingThread == ThreadID.current.raw { return 0 }
        settleAfterStep = true
        return 1
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
