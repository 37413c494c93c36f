extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler` too.
    ///
    /// The events themselves arrive on whatever thread the source sends them; use
    /// `observe(on:)` to move delivery. With a virtual-time scheduler the source is subscribed one
    /// tick after the subscription and disposed one tick after it ends.
    ///
    /// Threading: once `dispose()` has returned no event is delivered, even though the source's
    /// own disposal still waits for the scheduler.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // The source itself is subscribed (not `asObservable()`), as RxSwift does: a source that
        // is not an `Observable` keeps its subscription until the scheduled disposal.
        let source = self
        return AnonymousObservable { downstream, subscriber in
            let sink = SubscribeOnSink(downstream)
            subscriber.setUpstream(sink)
            sink.run(scheduler: scheduler) { send in
                if let observable = source as? Observable<Element> {
                    let holder = UpstreamHolder()
                    observable.subscribeOnTrampoline(send, holder)
                    return holder
                }
                return source.subscribe(AnyObserver(eventHandler: send))
            }
        }
    }

    /// Subscribes on `scheduler` (the RxSwift 5 spelling of `subscribe(on:)`).
    @available(*, deprecated, renamed: "subscribe(on:)")
    @inlinable
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

/// Subscribes the source from a scheduled action and forwards its events through the gate.
@usableFromInline
final class SubscribeOnSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base class's.

    /// Calls `subscribe` on the scheduler with the gated event handler; the subscription it
    /// returns is disposed on the scheduler too.
    @usableFromInline
    func run(
        scheduler: ImmediateSchedulerType,
        subscribe: @escaping (@escaping (Event<Element>) -> Void) -> Disposable
    ) {
        let everything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        everything.disposable = cancelSchedule
        setUpstream(everything)
        cancelSchedule.setDisposable(
            scheduler.schedule(()) { _ in
                let subscription = subscribe { event in self.send(event) }
                everything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
                return Disposables.create()
            })
    }
}
