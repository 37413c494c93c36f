extension ObservableType {
    /// Sends a value only after `dueTime` has passed without another value; completion sends the
    /// pending value at once, then completes. An error is forwarded at once and drops the pending
    /// value.
    ///
    /// ```
    /// source:                 -a-b-----c--|
    /// debounce(3 frames, s):  -------b-----(c|)
    /// ```
    ///
    /// Threading: the timer runs on `scheduler`; events are delivered one at a time, and not at
    /// all once `dispose()` has returned.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = DebounceSink(downstream, dueTime: dueTime, scheduler: scheduler)
            subscriber.setUpstream(sink)
            source._subscribe({ event in sink.on(event) }, sink)
        }
    }
}

@usableFromInline
final class DebounceSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `id` and `value` are guarded by `stateLock`.
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private var id: UInt64 = 0
    private var value: Element?

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(downstream)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            // The replaced value is released after the lock (its deinit is user code).
            var replaced: Element?
            let current = stateLock.withLock { () -> UInt64 in
                id &+= 1
                replaced = value
                value = element
                return id
            }
            withExtendedLifetime(replaced) {}
            let scheduled = scheduler.scheduleRelative(current, dueTime: dueTime) { id in
                self.fire(id)
                return Disposables.create()
            }
            timer.set(scheduled, generation: current)
        case .error:
            var dropped: Element?
            let mustDeliver = stateLock.withLock { () -> Bool in
                dropped = value
                value = nil
                id &+= 1
                return enqueue(event)
            }
            withExtendedLifetime(dropped) {}
            deliver(mustDeliver)
        case .completed:
            let mustDeliver = stateLock.withLock { () -> Bool in
                id &+= 1
                var mustDeliver = false
                if let pending = value {
                    value = nil
                    mustDeliver = enqueue(.next(pending))
                }
                return enqueue(.completed) || mustDeliver
            }
            deliver(mustDeliver)
        }
    }

    private func fire(_ firedID: UInt64) {
        let mustDeliver = stateLock.withLock { () -> Bool in
            guard firedID == id, let pending = value else { return false }
            value = nil
            return enqueue(.next(pending))
        }
        deliver(mustDeliver)
    }
}
