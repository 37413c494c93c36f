import Rivulet

/// The subscription a custom `Subscriber` of a Rivulet publisher is given: it keeps the demand
/// and the values (and the completion) that wait for it, and delivers them one call at a time.
///
/// The engine stream is push-only, so demand is kept here, at the end of the chain: a value the
/// subscriber has not asked for waits in `waiting` until `request(_:)` or a returned demand makes
/// room for it. Whichever thread finds work to do and nobody draining drains (`isDraining`), so
/// a subscriber that requests or cancels from inside its own methods, or a source that sends from
/// another thread meanwhile, never calls into the subscriber twice at once.
@usableFromInline
final class DemandSubscription<S: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`; the subscriber is called outside it,
    // by one thread at a time (the one that set `isDraining`), and released once, after its last
    // call.
    private let lock = Lock.make()
    private var subscriber: S?
    /// The engine subscription; dropped (which breaks its cycle with this object) when the
    /// subscription ends.
    private var upstream: Sink<S.Input>?
    private var demand = Subscribers.Demand.none
    private var waiting = RingBuffer<Event<S.Input>>()
    /// The values in `waiting` (a stop event, last, is not counted).
    private var waitingValues = 0
    /// At most this many values wait (`buffer(size:prefetch:whenFull:)`); then `whenFull` applies.
    private let capacity: Int
    private let whenFull: Publishers.BufferingStrategy<S.Failure>
    private var isDraining = false
    /// Cancelled, or the completion was taken for delivery: nothing more is accepted.
    private var isDone = false

    private init(_ subscriber: S, capacity: Int, whenFull: Publishers.BufferingStrategy<S.Failure>) {
        self.subscriber = subscriber
        self.capacity = capacity
        self.whenFull = whenFull
    }

    /// Hands `subscriber` a new subscription, then subscribes it to `source` (unless it
    /// cancelled meanwhile). Values wait for demand without limit, or, given a `capacity`, up to
    /// that many, `whenFull` deciding what happens to one more.
    @usableFromInline
    static func attach(
        _ subscriber: S, to source: Observable<S.Input>, capacity: Int = .max,
        whenFull: Publishers.BufferingStrategy<S.Failure> = .dropNewest
    ) {
        let subscription = DemandSubscription(subscriber, capacity: Swift.max(0, capacity), whenFull: whenFull)
        let sink = Sink<S.Input> { event in subscription.on(event) }
        subscription.upstream = sink
        subscriber.receive(subscription: subscription)
        subscription.lock.lock()
        let cancelled = subscription.isDone
        subscription.lock.unlock()
        if cancelled { return }
        source.engineSubscribe({ event in sink.forward(event) }, sink)
    }

    @usableFromInline
    var description: String { "DemandSubscription" }

    func on(_ event: Event<S.Input>) {
        lock.lock()
        if isDone { return lock.unlock() }
        if case .next = event, waitingValues >= capacity, !(demand > .none && !isDraining) {
            return overflow(event)
        }
        if case .next = event { waitingValues += 1 }
        waiting.append(event)
        // The engine sink disposes itself after a stop event: let go of it, so the cycle through
        // its handler ends even while the completion waits for demand.
        var finished: Sink<S.Input>?
        if event.isStopEvent { finished = upstream.take() }
        lock.unlock()
        withExtendedLifetime(finished) {}
        drain()
    }

    /// One value more than `capacity` arrived (called with `lock` held; releases it).
    private func overflow(_ event: Event<S.Input>) {
        switch whenFull {
        case .dropNewest:
            lock.unlock()
            withExtendedLifetime(event) {}
        case .dropOldest where capacity == 0:
            lock.unlock()
            withExtendedLifetime(event) {}
        case .dropOldest:
            let dropped = waiting.removeFirst()
            waiting.append(event)
            lock.unlock()
            withExtendedLifetime(dropped) {}
            drain()
        case .customError(let makeError):
            // The buffer fails at once: the values waiting are dropped and the upstream cancelled.
            let dropped = waiting.removeAll()
            waitingValues = 0
            let upstream = self.upstream.take()
            lock.unlock()
            withExtendedLifetime(dropped) {}
            upstream?.dispose()
            let failure = makeError()
            lock.lock()
            if isDone { return lock.unlock() }
            waiting.append(.error(failure))
            lock.unlock()
            drain()
        }
    }

    @usableFromInline
    func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isDone || more == .none { return lock.unlock() }
        demand += more
        lock.unlock()
        drain()
    }

    @usableFromInline
    func cancel() {
        lock.lock()
        if isDone { return lock.unlock() }
        isDone = true
        let dropped = waiting.removeAll()
        waitingValues = 0
        let upstream = self.upstream.take()
        // A thread inside a call to the subscriber releases it when that call returns.
        let released = isDraining ? nil : subscriber.take()
        lock.unlock()
        upstream?.dispose()
        withExtendedLifetime((dropped, released)) {}
    }

    /// Delivers what waits and is demanded, on one thread at a time; a call made while another
    /// thread (or this one, reentrantly) drains leaves the work to it.
    private func drain() {
        lock.lock()
        if isDraining { return lock.unlock() }
        isDraining = true
        while let subscriber, let event = nextDeliverable() {
            lock.unlock()
            switch event {
            case .next(let value):
                let more = subscriber.receive(value)
                lock.lock()
                if !isDone { demand += more }
                continue
            case .error(let error):
                // A foreign error cannot reach a typed publisher (see `Publisher`); it ends the
                // subscription without a completion, as `sink` does.
                if let failure = error as? S.Failure {
                    subscriber.receive(completion: .failure(failure))
                } else {
                    Hooks.defaultErrorHandler([], error)
                }
            case .completed:
                subscriber.receive(completion: .finished)
            }
            lock.lock()
            break
        }
        // Finished, or cancelled during a call to the subscriber: this thread releases it.
        let released = isDone ? subscriber.take() : nil
        let upstream = isDone ? self.upstream.take() : nil
        isDraining = false
        lock.unlock()
        upstream?.dispose()
        withExtendedLifetime(released) {}
    }

    /// The next event the subscriber may receive now: a value if there is demand for it, a stop
    /// event always (which ends the subscription). Called with `lock` held.
    private func nextDeliverable() -> Event<S.Input>? {
        if isDone && waiting.isEmpty { return nil }
        guard let first = waiting.first else { return nil }
        switch first {
        case .next:
            guard demand > .none else { return nil }
            demand -= 1
            waitingValues -= 1
        case .error, .completed:
            isDone = true
        }
        return waiting.removeFirst()
    }
}
