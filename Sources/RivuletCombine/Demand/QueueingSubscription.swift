import Rivulet

/// The base of a demand-path subscription that calls its downstream from more than one place: a
/// scheduled action, a timer, the upstream's thread, a `request(_:)` (`receive(on:)`, `delay`,
/// `timeout`, `debounce`, `throttle`, `collect(.byTime)`, `buffer`). Like `OperatorSubscription`
/// it is the upstream's subscriber and the downstream's subscription, with the upstream in an
/// `UpstreamSlot`; it adds a queue of what goes downstream.
///
/// A subclass decides under `lock` what goes downstream and `enqueue`s it; `drain()` delivers what
/// is queued, values first, then the completion, one call at a time (`DeliveryTurn`) and with the
/// lock released. So calls into the downstream never overlap, whatever threads the actions run
/// on, and a call made from inside the downstream (a request, a value sent back into the upstream
/// that an `ImmediateScheduler` delivers at once) is served after the call returns, never by
/// recursion. Nothing is delivered before the downstream has this subscription (`handOff()`); during
/// the hand-off, the handing thread may deliver inside the downstream's `request(_:)`, as Combine
/// does.
///
/// `cancel()` cancels the upstream exactly once and stops delivery (a call already running on
/// another thread finishes). What is released when follows Combine operator by operator:
/// `releasesDownstream` lets go of the downstream once the subscription has ended and no call to it
/// runs and no scheduled action this object counts (`actionScheduled()`/`actionRan()`) is still
/// due; otherwise the downstream is kept for the life of the object.
///
/// Not a `DemandSubscriber`: Combine's `Delay` subscription has no name and no mirror, so the
/// subclasses that have them add the reflection conformances; an operator above this one wraps
/// it in a `SubscriberBox`.
class QueueingSubscription<Input, Output, Failure: Swift.Error>: Subscriber, Subscription, @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`; the downstream is called outside it, by
    // the holder of `turn` only (and by the hand-off).

    /// Guards every var of this object and of its subclasses; never held while calling out.
    let lock = Lock.make()
    /// The upstream subscription and the state of this one.
    @exclusivity(unchecked) var slot = UpstreamSlot()
    /// Where values and the completion go; `nil` once released (see `releasesDownstream`).
    @exclusivity(unchecked) var downstream: DemandSubscriber<Output, Failure>?
    /// The downstream's outstanding demand, for the operators that keep it themselves.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The downstream has been handed this subscription.
    @exclusivity(unchecked) var isHanded = false
    /// Cancelled, or the completion was taken for delivery: nothing more goes downstream.
    @exclusivity(unchecked) var isDone = false
    @exclusivity(unchecked) private var queued = RingBuffer<Output>()
    @exclusivity(unchecked) private var queuedCompletion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) private var turn = DeliveryTurn()
    /// The upstream subscription after the upstream completed, while its completion waits to be
    /// delivered: the demand the downstream returns for the values still queued goes to it, and a
    /// cancel meanwhile cancels it, as Combine's `receive(on:)`, `delay` and `timeout` do (set by a
    /// subclass; released with the completion).
    @exclusivity(unchecked) var lingeringUpstream: Subscription?
    /// Scheduled actions that hold this object and have not run yet.
    @exclusivity(unchecked) private var pendingActions = 0
    private let releasesDownstream: Bool

    init(downstream: DemandSubscriber<Output, Failure>, releasesDownstream: Bool) {
        self.downstream = downstream
        self.releasesDownstream = releasesDownstream
    }

    // MARK: The upstream (abstract)

    /// Receives the upstream's subscription (abstract; a subclass calls `attach(_:)`).
    func receive(subscription: Subscription) {}

    /// Receives a value (abstract).
    func receive(_ input: Input) -> Subscribers.Demand { .none }

    /// Receives the completion (abstract).
    func receive(completion: Subscribers.Completion<Failure>) {}

    /// Keeps `subscription` if it is the first; cancels it otherwise. Returns whether it was kept.
    final func attach(_ subscription: Subscription) -> Bool {
        lock.lock()
        let taken = slot.attach(subscription)
        lock.unlock()
        if !taken { subscription.cancel() }
        return taken
    }

    // MARK: The downstream

    /// Hands the downstream this subscription (once, unless the subscription ended), then delivers
    /// what waits.
    final func handOff() {
        lock.lock()
        guard !isHanded, !isDone, let downstream else { return lock.unlock() }
        isHanded = true
        turn.beginHandOff()
        lock.unlock()
        downstream.receive(subscription: self)
        lock.lock()
        turn.endHandOff()
        lock.unlock()
        drain()
    }

    /// Queues `value` for the downstream, unless the subscription has ended or a completion is
    /// queued (called with `lock` held; `drain()` delivers it).
    final func enqueue(_ value: Output) {
        if isDone || queuedCompletion != nil { return }
        queued.append(value)
    }

    /// Queues the completion, to go after the values queued (called with `lock` held).
    final func enqueue(completion: Subscribers.Completion<Failure>) {
        if isDone || queuedCompletion != nil { return }
        queuedCompletion = completion
    }

    /// Whether nothing waits to be delivered (called with `lock` held).
    final var isQueueEmpty: Bool { queued.isEmpty && queuedCompletion == nil }

    /// Drops the values queued, for a failure that overtakes them (called with `lock` held;
    /// release the result after unlocking).
    final func dropQueued() -> [Output] { queued.removeAll() }

    /// What to do with the demand the downstream returned for a value (called with `lock` held):
    /// returns the demand to request from the upstream. By default the operator keeps it.
    func delivered(returning more: Subscribers.Demand) -> Subscribers.Demand {
        demand += more
        return .none
    }

    /// Delivers what is queued, on one thread at a time.
    final func drain() {
        lock.lock()
        guard isHanded, !isDone, turn.take() else { return lock.unlock() }
        while !isDone {
            if let value = queued.removeFirst() {
                let downstream = self.downstream
                lock.unlock()
                let more = downstream?.receive(value) ?? .none
                lock.lock()
                if isDone { break }
                let forward = delivered(returning: more)
                if forward > .none, let upstream = slot.subscription ?? lingeringUpstream {
                    lock.unlock()
                    upstream.request(forward)
                    lock.lock()
                }
            } else if let completion = queuedCompletion {
                queuedCompletion = nil
                isDone = true
                let downstream = self.downstream
                let lingering = lingeringUpstream.take()
                lock.unlock()
                withExtendedLifetime(lingering) {}
                downstream?.receive(completion: completion)
                lock.lock()
            } else {
                break
            }
        }
        turn.release()
        let (ended, released) = (isDone, releasable())
        lock.unlock()
        withExtendedLifetime(released) {}
        if ended { didEnd() }
    }

    /// Passes `demand` to the upstream subscription while it is live (Combine's `receive(on:)`,
    /// `delay`, `timeout`); the operators that keep the demand themselves override it.
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(demand)
    }

    /// Whether a cancel before the upstream's subscription makes this operator cancel that
    /// subscription on arrival (Combine's `throttle`); by default it is ignored, as in Combine.
    var remembersEarlyCancel: Bool { false }

    /// Cancels the upstream, once, drops what waits and stops delivery.
    func cancel() {
        let remembers = remembersEarlyCancel
        lock.lock()
        let upstream = remembers ? slot.cancelRememberingEarly() : slot.cancel()
        let lingering = lingeringUpstream.take()
        isDone = true
        queuedCompletion = nil
        let dropped = queued.removeAll()
        let released = releasable()
        lock.unlock()
        // A completion still on its way keeps the upstream's subscription: cancelled too, as
        // Combine's `timeout`, `receive(on:)` and `delay` cancel it.
        (upstream ?? lingering)?.cancel()
        withExtendedLifetime((dropped, released)) {}
        didEnd()
    }

    /// The upstream subscription is taken out of the slot and cancelled, once, because the
    /// operator ends it (a time-out, a full buffer); returns whether it did (called without `lock`).
    @discardableResult
    final func cancelUpstream() -> Bool {
        lock.lock()
        let upstream = slot.cancel()
        lock.unlock()
        upstream?.cancel()
        return upstream != nil
    }

    /// Called once the subscription has ended (cancelled, or the completion delivered), outside
    /// `lock`, maybe more than once: a subclass cancels its timers here.
    func didEnd() {}

    // MARK: Scheduled actions

    /// A scheduled action that holds this object was scheduled (it must call `actionRan()`).
    final func actionScheduled() {
        lock.lock()
        pendingActions += 1
        lock.unlock()
    }

    /// A scheduled action counted by `actionScheduled()` ran (or was found out of date).
    final func actionRan() {
        lock.lock()
        pendingActions -= 1
        let released = releasable()
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// The downstream, taken out to be released after unlocking, if this operator releases it and
    /// nothing can use it any more (called with `lock` held).
    private func releasable() -> DemandSubscriber<Output, Failure>? {
        guard releasesDownstream, isDone, pendingActions == 0, !turn.isBusy else { return nil }
        return downstream.take()
    }
}
