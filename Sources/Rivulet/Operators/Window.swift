extension ObservableType {
    /// Splits the values into windows: observables that each carry up to `count` consecutive
    /// values and close after `timeSpan` or as soon as they hold `count` values, whichever comes
    /// first. A window opens at subscription and another each time one closes; a count-closed
    /// window restarts the time span. With a `count` of 0 only the time span closes one; so it does
    /// with a negative one, which is reported to `Hooks.misuseHandler`.
    ///
    /// ```
    /// source:                                -a-b-c-d-------|
    /// window(timeSpan: 6 frames, count: 3):  w----x-----y---(z|)   (schematic)
    /// w:                                     -a-b-c|
    /// x:                                           -d-----|
    /// y:                                                  -----|
    /// z:                                                       |
    /// ```
    ///
    /// A window is sent before its first value, so subscribing to it inside `onNext` (or with
    /// `flatMap`) receives all of its values; each window is hot, and a later subscriber misses
    /// what it already carried. The source's stop event reaches the open window, then the outer
    /// subscriber. Disposing the outer subscription ends the source: the open window then receives
    /// nothing more (RxSwift would keep the source running while a window is subscribed).
    ///
    /// Threading: the timer runs on `scheduler`; windows open, close and carry values one event at
    /// a time, never under a lock, and not at all once `dispose()` has returned.
    public func window(
        timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        if count < 0 {
            Hooks.reportMisuse(
                "window(timeSpan:count: \(count))", "count is negative; only the time span closes a window")
        }
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = WindowSink<Element>(downstream, timeSpan: timeSpan, count: count, scheduler: scheduler)
            subscriber.setUpstream(sink)
            sink.gate?.send(.next(.open))
            if sink.isDisposed { return }
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value): sink.gate?.send(.next(.value(value)))
                    case .error(let error): sink.gate?.send(.error(error))
                    case .completed: sink.gate?.send(.completed)
                    }
                }, sink.sources[0])
        }
    }
}

/// What reaches the state machine of `window`: the first window's opening, a source value, or
/// the timer of window number `n` firing.
@usableFromInline
enum WindowInput<Element> {
    case open
    case value(Element)
    case tick(UInt64)
}

/// The state of one `window` subscription, confined to its gate's delivering thread
/// (`GatedSourcesSink`): the open window's subject, how many values it carries, and its number,
/// which tells a current timer from a stale one.
@usableFromInline
final class WindowSink<Element>: GatedSourcesSink<WindowInput<Element>, Observable<Element>>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`; `timer` has its own lock; the rest is immutable.
    @usableFromInline let timeSpan: RxTimeInterval
    @usableFromInline let count: Int
    @usableFromInline let scheduler: SchedulerType
    @usableFromInline let timer = TimerSlot()

    // (gate)
    @exclusivity(unchecked) @usableFromInline var current: PublishSubject<Element>?
    @exclusivity(unchecked) @usableFromInline var carried = 0
    @exclusivity(unchecked) @usableFromInline var windowNumber: UInt64 = 0

    @usableFromInline
    init(
        _ downstream: @escaping (Event<Observable<Element>>) -> Void, timeSpan: RxTimeInterval, count: Int,
        scheduler: SchedulerType
    ) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init(downstream, sourceCount: 1)
        // unowned(unsafe): the gate is owned by this sink and only runs while a source handler or
        // the timer, which hold the sink strongly, is delivering.
        gate = SerialGate { [unowned(unsafe) self] event in self.step(event) }
    }

    @usableFromInline
    func step(_ event: Event<WindowInput<Element>>) {
        if stopped { return }
        switch event {
        case .next(.open):
            openWindow()
        case .next(.value(let value)):
            current?.onNext(value)
            carried += 1
            if carried == count { closeAndOpenWindow() }
        case .next(.tick(let number)):
            if number == windowNumber { closeAndOpenWindow() }
        case .error(let error):
            current?.onError(error)
            finish(.error(error))
        case .completed:
            current?.onCompleted()
            finish(.completed)
        }
    }

    private func closeAndOpenWindow() {
        current?.onCompleted()
        if isDisposed { return }
        openWindow()
    }

    private func openWindow() {
        windowNumber &+= 1
        carried = 0
        let window = PublishSubject<Element>()
        current = window
        downstream(.next(window.asObservable()))
        let number = windowNumber
        let scheduled = scheduler.scheduleRelative(number, dueTime: timeSpan) { number in
            self.gate?.send(.next(.tick(number)))
            return Disposables.create()
        }
        timer.set(scheduled, generation: number)
    }

    @usableFromInline
    override func didDispose() {
        super.didDispose()
        timer.dispose()
    }
}
