import Foundation

extension ObservableType {
    /// Shifts every value and the completion later by `dueTime`, keeping their spacing. An error
    /// is forwarded at once and drops the values still waiting. The source subscription ends when
    /// the source ends, not when the delayed completion is delivered.
    ///
    /// ```
    /// source:              -a-b---|
    /// delay(2 frames, s):  ---a-b---|
    /// ```
    ///
    /// Threading: delivery happens on `scheduler`, one event at a time, and not at all once
    /// `dispose()` has returned.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = DelaySink(downstream, dueTime: dueTime, scheduler: scheduler)
            subscriber.setUpstream(sink)
            sink.run(source)
        }
    }
}

@usableFromInline
final class DelaySink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: the vars are guarded by `stateLock`.
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = UpstreamHolder()
    private var queue: [(time: Date, event: Event<Element>)] = []
    private var queueHead = 0
    private var active = false
    private var failed = false
    private var generation: UInt64 = 0

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(downstream)
    }

    @usableFromInline
    func run(_ source: Observable<Element>) {
        setUpstream(sourceSubscription)
        source._subscribe({ event in self.on(event) }, sourceSubscription)
    }

    private func on(_ event: Event<Element>) {
        if event.isStopEvent { sourceSubscription.dispose() }
        if case .error = event {
            // The dropped values are released after the lock (their deinit is user code).
            var dropped: [(time: Date, event: Event<Element>)] = []
            let mustDeliver = stateLock.withLock { () -> Bool in
                swap(&dropped, &queue)
                queueHead = 0
                failed = true
                return enqueue(event)
            }
            withExtendedLifetime(dropped) {}
            deliver(mustDeliver)
            return
        }
        let now = scheduler.now
        let start = stateLock.withLock { () -> UInt64? in
            if failed { return nil }
            queue.append((now, event))
            if active { return nil }
            active = true
            generation &+= 1
            return generation
        }
        if let start { schedule(start, after: dueTime) }
    }

    private func schedule(_ current: UInt64, after delay: RxTimeInterval) {
        let scheduled = scheduler.scheduleRelative(current, dueTime: delay) { current in
            self.drain(current)
            return Disposables.create()
        }
        timer.set(scheduled, generation: current)
    }

    /// Delivers the first queued event, then schedules the next one at its own time (its delay
    /// less the time it already waited), as RxSwift does: one event per scheduled action, so two
    /// events that arrived together are delivered in two actions (on a `TestScheduler`, one tick
    /// apart, since work due now runs at the next tick).
    private func drain(_ current: UInt64) {
        let now = scheduler.now
        let delaySeconds = dueTime.rivuletSeconds
        var mustDeliver = false
        let next = stateLock.withLock { () -> (UInt64, RxTimeInterval)? in
            guard current == generation, !failed else { return nil }
            if queueHead < queue.count {
                let event = queue[queueHead].event
                queueHead += 1
                mustDeliver = enqueue(event)
            }
            if queueHead < queue.count {
                let remaining = delaySeconds - now.timeIntervalSince(queue[queueHead].time)
                generation &+= 1
                return (generation, .rivuletInterval(seconds: remaining))
            }
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
            active = false
            return nil
        }
        deliver(mustDeliver)
        if let (nextGeneration, delay) = next { schedule(nextGeneration, after: delay) }
    }

    @usableFromInline
    override func didDisposeTimed() {
        var dropped: [(time: Date, event: Event<Element>)] = []
        stateLock.withLock {
            failed = true
            swap(&dropped, &queue)
            queueHead = 0
        }
        withExtendedLifetime(dropped) {}
    }
}
