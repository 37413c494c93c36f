extension ObservableType {
    /// Delivers every event on `scheduler`, in order, one scheduled action per event.
    ///
    /// ```
    /// source:          -1-2-|
    /// observe(on: s):  --1-2-|   (each event one scheduler step later)
    /// ```
    ///
    /// On a `SerialDispatchQueueScheduler` (and `MainScheduler`) each event is scheduled on its own,
    /// as RxSwift does, so `observe(on: MainScheduler.instance)` delivers at once when the event
    /// arrives on the main thread with nothing of the scheduler's still queued.
    ///
    /// Threading: the events keep the grammar and arrive one at a time even on a concurrent
    /// scheduler. Once `dispose()` has returned no delivery starts; a `dispose()` from another
    /// thread while an event is being delivered waits for that delivery to return.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = ObserveOnSink(downstream, scheduler: scheduler)
            subscriber.setUpstream(sink)
            source._subscribe({ event in sink.on(event) }, sink)
        }
    }

    /// Delivers every event on `scheduler` (the RxSwift 5 spelling of `observe(on:)`).
    @available(*, deprecated, renamed: "observe(on:)")
    @inlinable
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

/// Queues the source's events and delivers them from a recursive schedule on the scheduler; on a
/// serial dispatch-queue scheduler it schedules each event directly (the queue keeps the order).
@usableFromInline
final class ObserveOnSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `queue`, `running`, `generation` and `stopped` are guarded by `stateLock`.
    private let scheduler: ImmediateSchedulerType
    private let serialScheduler: SerialDispatchQueueScheduler?
    private var queue: ContiguousArray<Event<Element>> = []
    private var queueHead = 0
    private var running = false
    private var generation: UInt64 = 0
    private var stopped = false

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.serialScheduler = scheduler as? SerialDispatchQueueScheduler
        super.init(downstream)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        if let serialScheduler {
            // Holds the sink until the action has run; after disposal the gate drops the event.
            _ = serialScheduler.schedule(event) { event in
                self.send(event)
                return Disposables.create()
            }
            return
        }
        let start = stateLock.withLock { () -> UInt64? in
            if stopped { return nil }
            queue.append(event)
            if running { return nil }
            running = true
            generation &+= 1
            return generation
        }
        guard let start else { return }
        // Holds the sink strongly until the queue is drained or the sink is disposed.
        let recursion = scheduler.scheduleRecursive(()) { _, recurse in
            if self.step() { recurse(()) }
        }
        timer.set(recursion, generation: start)
    }

    /// Delivers the next queued event; returns whether more may follow.
    private func step() -> Bool {
        let next = stateLock.withLock { () -> Event<Element>? in
            if stopped || queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
                running = false
                return nil
            }
            let event = queue[queueHead]
            queueHead += 1
            return event
        }
        guard let next else { return false }
        send(next)
        return !next.isStopEvent
    }

    @usableFromInline
    override func didDisposeTimed() {
        // The dropped events are released after the lock (their values' deinit is user code).
        var dropped: ContiguousArray<Event<Element>> = []
        stateLock.withLock {
            stopped = true
            swap(&dropped, &queue)
            queueHead = 0
        }
        withExtendedLifetime(dropped) {}
    }
}
