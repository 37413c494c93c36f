extension ObservableType {
    /// Sends `element` on `scheduler`, then completes in a second scheduled action.
    ///
    /// ```
    /// just(1, scheduler: s):  -1-|   (one scheduler step each)
    /// ```
    @inlinable
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = JustOnSchedulerSink<Element>(downstream)
            subscriber.setUpstream(sink)
            sink.run(element, scheduler: scheduler)
        }
    }
}

@usableFromInline
final class JustOnSchedulerSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base class's.

    @usableFromInline
    func run(_ element: Element, scheduler: ImmediateSchedulerType) {
        setUpstream(Disposables.create())
        let first = scheduler.schedule(element) { element in
            self.send(.next(element))
            let second = scheduler.schedule(()) { _ in
                self.send(.completed)
                return Disposables.create()
            }
            self.timer.set(second, generation: 1)
            return Disposables.create()
        }
        timer.set(first, generation: 0)
    }
}
