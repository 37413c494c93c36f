extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler` too.
    ///
    /// The events themselves arrive on whatever thread the source sends them; use
    /// `observe(on:)` to move delivery. With a virtual-time scheduler the source is subscribed one
    /// tick after the subscription and disposed one tick after it ends.
    ///
    /// Threading: once `dispose()` has returned no event is delivered, even though the source's
    /// own disposal still waits for the scheduler.
    @inlinable
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = SubscribeOnSink(downstream)
            subscriber.setUpstream(sink)
            sink.run(source, scheduler: scheduler)
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

    @usableFromInline
    func run(_ source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        let everything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        everything.disposable = cancelSchedule
        setUpstream(everything)
        cancelSchedule.setDisposable(
            scheduler.schedule(()) { _ in
                let inner = UpstreamHolder()
                source._subscribe({ event in self.send(event) }, inner)
                everything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: inner)
                return Disposables.create()
            })
    }
}
