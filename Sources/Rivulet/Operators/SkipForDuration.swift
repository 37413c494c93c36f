extension ObservableType {
    /// Drops the values that arrive within `duration` of the subscription; later values, and
    /// completion or error at any time, pass through.
    ///
    /// ```
    /// source:                -a-b-c-d-|
    /// skip(4 frames, s):     -----c-d-|
    /// ```
    ///
    /// Threading: the window ends on `scheduler`; events are delivered one at a time, and not at
    /// all once `dispose()` has returned.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = SkipForDurationSink(downstream)
            subscriber.setUpstream(sink)
            sink.run(source, duration: duration, scheduler: scheduler)
        }
    }
}

@usableFromInline
final class SkipForDurationSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `open` is guarded by `stateLock`.
    private var open = false

    @usableFromInline
    func run(_ source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        let scheduled = scheduler.scheduleRelative((), dueTime: duration) { _ in
            self.stateLock.withLock { self.open = true }
            return Disposables.create()
        }
        timer.set(scheduled, generation: 0)
        source._subscribe({ event in self.on(event) }, self)
    }

    private func on(_ event: Event<Element>) {
        if case .next = event, !stateLock.withLock({ open }) { return }
        send(event)
    }
}
