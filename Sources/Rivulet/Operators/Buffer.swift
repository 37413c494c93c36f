extension ObservableType {
    /// Collects values into arrays, sending one every `timeSpan` (possibly empty) or as soon as it
    /// holds `count` values, whichever comes first; a count-triggered array restarts the time
    /// window. Completion sends the values collected so far (even none), then completes; an error
    /// is forwarded at once and drops them. With a `count` of 0 only the time span ends a buffer;
    /// so it does with a negative one, which is reported to `Hooks.misuseHandler`.
    ///
    /// ```
    /// source:                                -a-b-c-d----|
    /// buffer(timeSpan: 4 frames, count: 3):  -----[abc]---[d]-[]|   (schematic)
    /// ```
    ///
    /// Threading: the window timer runs on `scheduler`; arrays are delivered one at a time, and
    /// not at all once `dispose()` has returned.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        if count < 0 {
            Hooks.reportMisuse(
                "buffer(timeSpan:count: \(count))", "count is negative; only the time span ends a buffer")
        }
        return _buffer(timeSpan: timeSpan, count: count, scheduler: scheduler, grid: false)
    }

    /// `buffer(timeSpan:count:scheduler:)`, or with `grid` Combine's `collect(.byTimeOrCount)`:
    /// the time spans are a fixed grid from the subscription (a full buffer does not restart one)
    /// and no empty array is sent.
    @usableFromInline
    package func _buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, grid: Bool) -> Observable<
        [Element]
    > {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = BufferSink<Element>(
                downstream, timeSpan: timeSpan, count: count, scheduler: scheduler, grid: grid)
            subscriber.setUpstream(sink)
            sink.run(source)
        }
    }
}

@usableFromInline
final class BufferSink<Element>: TimedSink<[Element]>, @unchecked Sendable {
    // @unchecked Sendable: `buffer` and `windowID` are guarded by `stateLock`.
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    /// Combine's grid: a full buffer keeps the time span running, and empty arrays are not sent.
    private let grid: Bool
    private var buffer: [Element] = []
    private var windowID: UInt64 = 0

    @usableFromInline
    init(
        _ downstream: @escaping (Event<[Element]>) -> Void, timeSpan: RxTimeInterval, count: Int,
        scheduler: SchedulerType, grid: Bool
    ) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        self.grid = grid
        super.init(downstream)
    }

    @usableFromInline
    func run(_ source: Observable<Element>) {
        createTimer(0)
        source._subscribe({ event in self.on(event) }, self)
    }

    @usableFromInline
    override func didDisposeTimed() {
        var dropped: [Element] = []
        stateLock.withLock { swap(&dropped, &buffer) }
        withExtendedLifetime(dropped) {}
    }

    private func createTimer(_ window: UInt64) {
        let scheduled = scheduler.scheduleRelative(window, dueTime: timeSpan) { window in
            self.tick(window)
            return Disposables.create()
        }
        timer.set(scheduled, generation: window)
    }

    /// Sends the current buffer (unless it is empty on the grid) and opens window `windowID + 1`;
    /// call with `stateLock` held.
    private func startNewWindow() -> (deliver: Bool, window: UInt64) {
        windowID &+= 1
        return (sendBuffer(), windowID)
    }

    /// Queues the current buffer and empties it (on the grid, only a non-empty one); call with
    /// `stateLock` held.
    private func sendBuffer() -> Bool {
        if grid && buffer.isEmpty { return false }
        let full = buffer
        buffer = []
        return enqueue(.next(full))
    }

    private func tick(_ window: UInt64) {
        let result = stateLock.withLock { () -> (deliver: Bool, window: UInt64)? in
            guard window == windowID else { return nil }
            return startNewWindow()
        }
        guard let result else { return }
        deliver(result.deliver)
        createTimer(result.window)
    }

    private func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let result = stateLock.withLock { () -> (deliver: Bool, window: UInt64?)? in
                buffer.append(element)
                guard buffer.count == count else { return nil }
                if grid { return (sendBuffer(), nil) }
                return startNewWindow()
            }
            guard let result else { return }
            deliver(result.deliver)
            if let window = result.window { createTimer(window) }
        case .error(let error):
            // The dropped values are released after the lock (their deinit is user code).
            var dropped: [Element] = []
            let mustDeliver = stateLock.withLock { () -> Bool in
                swap(&dropped, &buffer)
                return enqueue(.error(error))
            }
            withExtendedLifetime(dropped) {}
            deliver(mustDeliver)
        case .completed:
            let mustDeliver = stateLock.withLock { () -> Bool in
                let first = sendBuffer()
                return enqueue(.completed) || first
            }
            deliver(mustDeliver)
        }
    }
}
