import Foundation

extension ObservableType {
    /// Sends at most one value per `dueTime`: a value is sent at once when `dueTime` has passed
    /// since the last sent value; values arriving sooner are dropped, except that with `latest`
    /// (the default) the last of them is sent when the window ends. Completion waits for that
    /// pending value; an error is forwarded at once.
    ///
    /// ```
    /// source:                                 -a-b-c-------d-|
    /// throttle(4 frames, s):                  -a---c-------d-|
    /// throttle(4 frames, latest: false, s):   -a-----------d-|
    /// ```
    ///
    /// Threading: the window timer runs on `scheduler`; events are delivered one at a time, and
    /// not at all once `dispose()` has returned.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<
        Element
    > {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = ThrottleSink(downstream, dueTime: dueTime, latest: latest, scheduler: scheduler)
            subscriber.setUpstream(sink)
            source._subscribe({ event in sink.on(event) }, sink)
        }
    }
}

@usableFromInline
final class ThrottleSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: the vars are guarded by `stateLock`.
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType
    private var lastSentTime: Date?
    private var lastUnsentElement: Element?
    private var completed = false
    private var generation: UInt64 = 0

    @usableFromInline
    init(
        _ downstream: @escaping (Event<Element>) -> Void, dueTime: RxTimeInterval, latest: Bool,
        scheduler: SchedulerType
    ) {
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init(downstream)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            // A replaced pending value is released after the lock (its deinit is user code).
            var replaced: Element?
            let action = stateLock.withLock { () -> ThrottleAction in
                var remaining = 0.0
                if let lastSentTime {
                    remaining = dueTime.rivuletSeconds - now.timeIntervalSince(lastSentTime)
                }
                if remaining <= 0 {
                    replaced = lastUnsentElement
                    lastUnsentElement = nil
                    lastSentTime = now
                    return .deliver(enqueue(.next(element)))
                }
                if !latest { return .none }
                let alreadyScheduled = lastUnsentElement != nil
                replaced = lastUnsentElement
                lastUnsentElement = element
                if alreadyScheduled { return .none }
                generation &+= 1
                return .schedule(generation, .rivuletInterval(seconds: remaining))
            }
            withExtendedLifetime(replaced) {}
            switch action {
            case .none:
                break
            case .deliver(let mustDeliver):
                deliver(mustDeliver)
            case .schedule(let current, let delay):
                let scheduled = scheduler.scheduleRelative(current, dueTime: delay) { current in
                    self.propagate(current)
                    return Disposables.create()
                }
                timer.set(scheduled, generation: current)
            }
        case .error:
            var dropped: Element?
            let mustDeliver = stateLock.withLock { () -> Bool in
                dropped = lastUnsentElement
                lastUnsentElement = nil
                return enqueue(event)
            }
            withExtendedLifetime(dropped) {}
            deliver(mustDeliver)
        case .completed:
            let mustDeliver = stateLock.withLock { () -> Bool in
                if lastUnsentElement != nil {
                    completed = true
                    return false
                }
                return enqueue(.completed)
            }
            deliver(mustDeliver)
        }
    }

    private func propagate(_ current: UInt64) {
        let now = scheduler.now
        let mustDeliver = stateLock.withLock { () -> Bool in
            guard current == generation else { return false }
            var mustDeliver = false
            if let pending = lastUnsentElement {
                lastUnsentElement = nil
                lastSentTime = now
                mustDeliver = enqueue(.next(pending))
            }
            if completed {
                mustDeliver = enqueue(.completed) || mustDeliver
            }
            return mustDeliver
        }
        deliver(mustDeliver)
    }
}

/// What `throttle` does with a value, decided under its state lock.
private enum ThrottleAction {
    case none
    case deliver(Bool)
    case schedule(UInt64, RxTimeInterval)
}
