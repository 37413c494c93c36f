extension ObservableType {
    /// Forwards the source's events for `duration` after subscription, then completes and
    /// disposes the source.
    ///
    /// ```
    /// source:                     -a-b-c-d-e-|
    /// take(for: 5 frames, s):     -a-b-|
    /// ```
    ///
    /// Threading: the completion is sent on `scheduler`; events are delivered one at a time, and
    /// not at all once `dispose()` has returned.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = TakeForDurationSink(downstream)
            subscriber.setUpstream(sink)
            sink.run(source, duration: duration, scheduler: scheduler)
        }
    }
}

@usableFromInline
final class TakeForDurationSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base class's.

    @usableFromInline
    func run(_ source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        let scheduled = scheduler.scheduleRelative((), dueTime: duration) { _ in
            self.send(.completed)
            return Disposables.create()
        }
        timer.set(scheduled, generation: 0)
        source._subscribe({ event in self.send(event) }, self)
    }
}
