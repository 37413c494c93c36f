import Rivulet

/// The subscription a `PassthroughSubject` or `CurrentValueSubject` gives a subscriber on the
/// demand path (Combine's "conduit"): it keeps that subscriber's demand.
///
/// It is an observer of the subject's engine subject, so sends, threading, reentrancy and
/// completion follow the engine's subject; what it adds is Combine's per-subscriber demand:
/// - a value sent while the subscriber has no outstanding demand is dropped (`PassthroughSubject`),
///   or kept as the subject's current value and delivered once demand arrives, the latest one
///   only (`CurrentValueSubject`, `keepsLatest`);
/// - the completion reaches the subscriber whatever its demand;
/// - a subscriber arriving after the completion receives `Subscriptions.empty` and the completion.
///
/// Calls into the subscriber never overlap (`DeliveryTurn`); a `CurrentValueSubject`'s value is
/// delivered inside the subscriber's first `request(_:)`, as in Combine. `cancel()` stops it at
/// once (a call already running on another thread finishes); the subscriber and the subject are
/// released at the end (cancel or completion), after the last call to the subscriber.
final class SubjectSubscription<Output, Failure: Swift.Error>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the subscriber is called outside it by
    // the holder of `turn` only.
    private let lock = Lock.make()
    @exclusivity(unchecked) private var downstream: DemandSubscriber<Output, Failure>?
    /// The Combine subject, for the mirror (released at the end, as Combine does).
    @exclusivity(unchecked) private var parent: AnyObject?
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Values accepted against the demand, not delivered yet (one, unless a race queued more).
    @exclusivity(unchecked) private var accepted = RingBuffer<Output>()
    /// `CurrentValueSubject`: the subject's value not delivered yet for lack of demand.
    @exclusivity(unchecked) private var latest: Output?
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) private var turn = DeliveryTurn()
    /// The subscriber has been handed this subscription: deliveries may start.
    @exclusivity(unchecked) private var isHanded = false
    /// Cancelled, or the completion was taken for delivery.
    @exclusivity(unchecked) private var isDone = false
    /// The subscriber has requested a value (the subject was told, if it listens).
    @exclusivity(unchecked) private var hasAsked = false
    /// The engine observer (dropped at the end, which ends its cycle with this object).
    @exclusivity(unchecked) private var upstream: Sink<Output>?
    private let keepsLatest: Bool
    let description: String

    private init(
        _ downstream: DemandSubscriber<Output, Failure>, parent: AnyObject, name: String, keepsLatest: Bool
    ) {
        self.downstream = downstream
        self.parent = parent
        description = name
        self.keepsLatest = keepsLatest
    }

    /// Attaches `subscriber` to `subject` (the engine subject of `parent`): registers with the
    /// subject first (`quietly`: without counting as a subscriber that takes every value, see
    /// `PublishSubject.whenSubscribed`), then hands the subscriber this subscription, or
    /// `Subscriptions.empty` and the completion if the subject has already completed.
    static func attach(
        _ subscriber: DemandSubscriber<Output, Failure>, to subject: Observable<Output>, parent: AnyObject,
        name: String, keepsLatest: Bool, quietly: Bool = false
    ) {
        let subscription = SubjectSubscription(subscriber, parent: parent, name: name, keepsLatest: keepsLatest)
        let sink = Sink<Output> { event in subscription.on(event) }
        subscription.lock.lock()
        subscription.upstream = sink
        subscription.turn.beginHandOff()
        subscription.lock.unlock()
        if quietly, let publish = subject as? PublishSubject<Output> {
            publish.subscribeQuietly({ event in sink.forward(event) }, sink)
        } else {
            subject.engineSubscribe({ event in sink.forward(event) }, sink)
        }

        subscription.lock.lock()
        if let completion = subscription.completion {
            // Completed already (the subject replayed its completion): Combine's answer.
            subscription.isDone = true
            let released = (subscription.release(), subscription.upstream.take())
            subscription.lock.unlock()
            withExtendedLifetime(released) {}
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        subscription.isHanded = true
        subscription.lock.unlock()
        subscriber.receive(subscription: subscription)
        subscription.lock.lock()
        subscription.turn.endHandOff()
        subscription.lock.unlock()
        subscription.deliver()
    }

    /// An event of the engine subject.
    private func on(_ event: Event<Output>) {
        lock.lock()
        if isDone || completion != nil { return lock.unlock() }
        switch event {
        case .next(let value):
            if demand > .none {
                demand -= 1
                accepted.append(value)
                latest = nil
            } else if keepsLatest {
                latest = value
                return lock.unlock()
            } else {
                lock.unlock()
                return withExtendedLifetime(value) {}
            }
        case .error(let error):
            // Only a `Failure` reaches a typed subject (see `Publisher`, "Typed failures").
            guard let failure = error as? Failure else { return lock.unlock() }
            completion = .failure(failure)
            latest = nil
        case .completed:
            completion = .finished
            latest = nil
        }
        lock.unlock()
        deliver()
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isDone || more == .none { return lock.unlock() }
        demand += more
        if keepsLatest, let value = latest.take() {
            demand -= 1
            accepted.append(value)
        }
        let listener = hasAsked ? nil : parent
        hasAsked = true
        lock.unlock()
        if let listener { (listener as? DownstreamDemandListener)?.downstreamDidAsk() }
        deliver()
    }

    func cancel() {
        lock.lock()
        if isDone { return lock.unlock() }
        isDone = true
        // A thread inside a call to the subscriber releases it when that call returns.
        let released = turn.isBusy ? nil : release()
        let upstream = self.upstream.take()
        lock.unlock()
        upstream?.dispose()
        withExtendedLifetime(released) {}
    }

    /// Takes what this subscription holds, to release after unlocking (called with `lock` held).
    private func release() -> (DemandSubscriber<Output, Failure>?, AnyObject?, [Output]) {
        (downstream.take(), parent.take(), accepted.removeAll())
    }

    /// Delivers what is accepted, then the completion, on one thread at a time.
    private func deliver() {
        lock.lock()
        guard isHanded, turn.take() else { return lock.unlock() }
        while let downstream, !isDone {
            if let value = accepted.removeFirst() {
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                if more > .none, !isDone {
                    demand += more
                    if keepsLatest, let value = latest.take() {
                        demand -= 1
                        accepted.append(value)
                    }
                }
            } else if let completion {
                isDone = true
                lock.unlock()
                downstream.receive(completion: completion)
                lock.lock()
            } else {
                break
            }
        }
        turn.release()
        let released = isDone ? release() : nil
        let upstream = isDone ? self.upstream.take() : nil
        lock.unlock()
        upstream?.dispose()
        withExtendedLifetime(released) {}
    }

    /// Combine's children: the subject (`parent`, `subject`), the subscriber and its outstanding
    /// demand; the subject and the subscriber are `nil` once the subscription has ended.
    var customMirror: Mirror {
        lock.lock()
        let (parent, downstream, demand) = (self.parent, self.downstream?.reflected, self.demand)
        lock.unlock()
        return Mirror(
            self,
            children: [
                ("parent", parent as Any), ("downstream", downstream as Any), ("demand", demand),
                ("subject", parent as Any),
            ])
    }

    /// `description`.
    var playgroundDescription: Any { description }
}

/// A subject that waits for its subscribers' demand before it asks its upstreams
/// (`PassthroughSubject`): its subscriptions tell it when their subscriber first asks.
protocol DownstreamDemandListener: AnyObject {
    /// A subscriber of this subject has asked for a value.
    func downstreamDidAsk()
}

/// The subscriptions a subject was given with `send(subscription:)`: kept, as Combine keeps them,
/// and cancelled when the subject is released (this object goes with it). Made on the first one,
/// so a subject that is never attached to a publisher pays one empty atomic word.
@usableFromInline
final class SubjectUpstreams: @unchecked Sendable {
    // @unchecked Sendable: `subscriptions` is guarded by `lock`.
    private let lock = Lock.make()
    @exclusivity(unchecked) private var subscriptions: [Subscription] = []

    /// How many of `subscriptions` (the first ones) `requestPending()` has requested from.
    @exclusivity(unchecked) private var requested = 0
    /// Whether the subject watches for its first subscriber (see `startWatching()`).
    @exclusivity(unchecked) private var isWatching = false

    /// `true` the first time only: the subject then starts watching for a subscriber that asks.
    func startWatching() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if isWatching { return false }
        isWatching = true
        return true
    }

    /// Keeps `subscription` in `slot`'s object (made if it is the first), and returns that object.
    @discardableResult
    static func keep(
        _ subscription: Subscription, in slot: borrowing AtomicLazyCell<SubjectUpstreams>
    ) -> SubjectUpstreams {
        let upstreams = slot.load() ?? slot.storeIfNil(SubjectUpstreams())
        upstreams.lock.lock()
        upstreams.subscriptions.append(subscription)
        upstreams.lock.unlock()
        return upstreams
    }

    /// Requests `.unlimited` from each subscription kept and not requested yet by this method
    /// (each once, whichever thread gets here first).
    func requestPending() {
        lock.lock()
        let pending = subscriptions[requested...]
        requested = subscriptions.count
        lock.unlock()
        for subscription in pending { subscription.request(.unlimited) }
    }

    deinit {
        for subscription in subscriptions { subscription.cancel() }
    }
}
