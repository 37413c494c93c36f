extension ObservableType {
    /// Fails with `RxError.timeout` when no event arrives within `dueTime` of the subscription or
    /// of the previous value.
    ///
    /// ```
    /// source:                 -a-------b-|
    /// timeout(3 frames, s):   -a---#
    /// ```
    ///
    /// Threading: the timer runs on `scheduler`; events are delivered one at a time, and not at
    /// all once `dispose()` has returned.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` when no event arrives within `dueTime` of the subscription or of the
    /// previous value: the source is disposed and `other`'s events follow.
    ///
    /// ```
    /// source:                        -a-------b-|
    /// other:                         x-y|
    /// timeout(3 frames, other, s):   -a---x-y|
    /// ```
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        let source = asObservable()
        let other = other.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = TimeoutSink(downstream, dueTime: dueTime, scheduler: scheduler)
            subscriber.setUpstream(sink)
            sink.run(source, other: other)
        }
    }
}

@usableFromInline
final class TimeoutSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `id`, `switched` and `other` are guarded by `stateLock`.
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let original = UpstreamHolder()
    private let replacement = UpstreamHolder()
    private var other: Observable<Element>?
    private var id: UInt64 = 0
    private var switched = false

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(downstream)
    }

    @usableFromInline
    func run(_ source: Observable<Element>, other: Observable<Element>) {
        self.other = other
        setUpstream(Disposables.create(original, replacement))
        armTimer(0)
        source._subscribe({ event in self.on(event) }, original)
    }

    private func armTimer(_ current: UInt64) {
        let scheduled = scheduler.scheduleRelative(current, dueTime: dueTime) { current in
            self.fire(current)
            return Disposables.create()
        }
        timer.set(scheduled, generation: current)
    }

    private func on(_ event: Event<Element>) {
        let result = stateLock.withLock { () -> (deliver: Bool, id: UInt64)? in
            if switched { return nil }
            id &+= 1
            return (enqueue(event), id)
        }
        guard let result else { return }
        deliver(result.deliver)
        if case .next = event { armTimer(result.id) }
    }

    private func fire(_ current: UInt64) {
        let other = stateLock.withLock { () -> Observable<Element>? in
            guard current == id, !switched else { return nil }
            switched = true
            defer { self.other = nil }
            return self.other
        }
        guard let other else { return }
        other.subscribeOnTrampoline({ event in self.send(event) }, replacement)
        original.dispose()
    }

    @usableFromInline
    override func didDisposeTimed() {
        // Released after the lock: dropping the last reference may run user code.
        var dropped: Observable<Element>?
        stateLock.withLock { swap(&dropped, &other) }
        withExtendedLifetime(dropped) {}
    }
}
