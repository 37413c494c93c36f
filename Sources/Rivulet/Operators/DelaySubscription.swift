extension ObservableType {
    /// Subscribes to the source only after `dueTime`; its events then pass through unchanged.
    ///
    /// ```
    /// source (cold):                   -a-b-|
    /// delaySubscription(2 frames, s):  ---a-b-|
    /// ```
    ///
    /// Threading: the source is subscribed on `scheduler`. Disposing first cancels the
    /// subscription; once `dispose()` has returned no event is delivered.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = DelaySubscriptionSink(downstream)
            subscriber.setUpstream(sink)
            sink.run(source, dueTime: dueTime, scheduler: scheduler)
        }
    }
}

@usableFromInline
final class DelaySubscriptionSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base class's.

    @usableFromInline
    func run(_ source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        let sourceSubscription = UpstreamHolder()
        setUpstream(sourceSubscription)
        let scheduled = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            source.subscribeOnTrampoline({ event in self.send(event) }, sourceSubscription)
            return Disposables.create()
        }
        timer.set(scheduled, generation: 0)
    }
}
