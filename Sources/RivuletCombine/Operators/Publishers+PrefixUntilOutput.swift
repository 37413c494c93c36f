import Rivulet

extension Publisher {
    /// Sends values until `publisher` sends its first value, then cancels the upstream and
    /// finishes (the twin of Rx `take(until:)`). The other publisher's completion or failure is
    /// ignored, as in Combine.
    ///
    /// Demand: the subscriber's requests go to the upstream (`.none` too, as in Combine);
    /// `publisher` is asked for one value, and cancelled after it (Combine leaves it subscribed,
    /// which keeps the subscriber alive as long as `publisher` is); the upstream's completion
    /// cancels it.
    ///
    /// As in Combine, a value of `publisher` that comes before the upstream's subscription
    /// finishes the subscriber at once, without a subscription (the upstream's subscription is
    /// cancelled when it arrives).
    ///
    /// ```
    /// upstream:                      --1--2--3--4--|
    /// other:                         --------x
    /// prefix(untilOutputFrom: other): --1--2--|
    /// ```
    @inlinable
    public func prefix<Other: Publisher>(untilOutputFrom publisher: Other) -> Publishers.PrefixUntilOutput<Self, Other>
    {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// The publisher `prefix(untilOutputFrom:)` returns.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher limited.
        public let upstream: Upstream
        /// The publisher whose first value ends the prefix.
        public let other: Other

        /// The values of `upstream` until `other` sends.
        @inlinable
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        /// Subscribes `other`, then `upstream`; `subscriber` receives the subscription when the
        /// upstream's arrives (see `PrefixUntilOutputSubscription`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = PrefixUntilOutputSubscription<Output, Failure>(downstream: .erase(subscriber))
            other.subscribe(
                PrefixUntilOutputTrigger<Other.Output, Other.Failure, Output, Failure>(parent: subscription))
            upstream.subscribe(subscription)
        }

        /// Exact when both publishers are (the engine's `take(until:)` ignores the other's
        /// failure and completion, as Combine does).
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine && other.isExactOnEngine }

        /// `upstream.asObservable().take(until: other)`, with the other's failure ignored.
        @inlinable
        func engineStream() -> Observable<Output> {
            let trigger = other.asObservable().catch { _ in Observable.never() }
            return upstream.asObservable().take(until: trigger)
        }
    }
}

/// The subscription of `prefix(untilOutputFrom:)` on the demand path, as Combine's: the
/// upstream's subscriber, the subscription the downstream receives, and (through a
/// `PrefixUntilOutputTrigger`) the other publisher's subscriber. Like Combine's, it has no name
/// and no mirror of its own (it is not `CustomStringConvertible` nor `CustomReflectable`).
///
/// - The other publisher is subscribed first and asked for one value. That value cancels the
///   upstream (or, before the upstream's subscription, makes it cancelled when it arrives), then
///   the other publisher (which Combine leaves), and finishes the downstream. Its completion
///   without a value changes nothing.
/// - The upstream's completion cancels the other publisher, then passes on (if the upstream's
///   subscription had arrived).
/// - Requests go to the upstream's live subscription; a cancel cancels the upstream, then the
///   other publisher.
///
/// The other publisher may send on another thread than the upstream: a completion that finds a
/// value being delivered (on another thread, or on this one from inside the downstream's
/// `receive(_:)`) goes after it, so the two never call the downstream at once.
final class PrefixUntilOutputSubscription<Output, Failure: Swift.Error>: Subscriber, Subscription,
    @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; `downstream` is immutable.
    typealias Input = Output

    let downstream: DemandSubscriber<Output, Failure>
    let lock = Lock.make()
    /// The upstream's subscription.
    @exclusivity(unchecked) var slot = UpstreamSlot()
    /// The other publisher's subscription.
    @exclusivity(unchecked) var otherSlot = UpstreamSlot()
    /// Ended (the other publisher's value, the upstream's completion, or a cancel): a subscription
    /// that arrives from now on is cancelled.
    @exclusivity(unchecked) var isEnded = false
    /// The completion waiting for the values being delivered.
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    /// How many upstream values are being delivered; the completion waits until none is.
    @exclusivity(unchecked) var valuesInFlight = 0
    /// Whether a thread is delivering the completion.
    @exclusivity(unchecked) var isCompleting = false

    init(downstream: DemandSubscriber<Output, Failure>) {
        self.downstream = downstream
    }

    // MARK: The upstream

    func receive(subscription: Subscription) {
        lock.lock()
        let taken = !isEnded && slot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed, !isEnded else {
            lock.unlock()
            return .none
        }
        valuesInFlight += 1
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        valuesInFlight -= 1
        deliverCompletion()
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if isEnded { return lock.unlock() }
        isEnded = true
        let forwards = slot.finish()
        let other = otherSlot.cancel()
        lock.unlock()
        other?.cancel()
        guard forwards else { return }
        lock.lock()
        end(completion)
    }

    // MARK: The downstream

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = isEnded ? nil : slot.subscription
        lock.unlock()
        upstream?.request(demand)
    }

    func cancel() {
        lock.lock()
        isEnded = true
        completion = nil
        let (upstream, other) = (slot.cancel(), otherSlot.cancel())
        lock.unlock()
        upstream?.cancel()
        other?.cancel()
    }

    // MARK: The other publisher

    func other(received subscription: Subscription) {
        lock.lock()
        let taken = !isEnded && otherSlot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        subscription.request(.max(1))
    }

    func otherReceivedValue() {
        lock.lock()
        guard otherSlot.isSubscribed, !isEnded else { return lock.unlock() }
        isEnded = true
        // The upstream is cancelled, then the other publisher: Combine leaves the other, so that
        // a publisher that never ends (a subject, notifications) would keep this subscription and
        // the downstream for its life.
        let (upstream, other) = (slot.cancel(), otherSlot.cancel())
        lock.unlock()
        upstream?.cancel()
        other?.cancel()
        lock.lock()
        end(.finished)
    }

    func otherCompleted() {
        lock.lock()
        _ = otherSlot.finish()
        lock.unlock()
    }

    // MARK: Delivery

    /// Delivers `completion` now, or after the value being delivered. Called with `lock` held;
    /// releases it.
    private func end(_ completion: Subscribers.Completion<Failure>) {
        self.completion = completion
        deliverCompletion()
    }

    /// Delivers the completion that waits once no value is being delivered. Called with `lock`
    /// held; releases it.
    private func deliverCompletion() {
        guard valuesInFlight == 0, !isCompleting, let completion else { return lock.unlock() }
        self.completion = nil
        isCompleting = true
        lock.unlock()
        downstream.receive(completion: completion)
    }
}

/// The subscriber `prefix(untilOutputFrom:)` attaches to the other publisher: it passes
/// everything to its `PrefixUntilOutputSubscription`, whose identifier it has (as in Combine).
private final class PrefixUntilOutputTrigger<Input, OtherFailure: Swift.Error, Output, Failure: Swift.Error>:
    Subscriber
{
    let parent: PrefixUntilOutputSubscription<Output, Failure>

    init(parent: PrefixUntilOutputSubscription<Output, Failure>) {
        self.parent = parent
    }

    func receive(subscription: Subscription) { parent.other(received: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.otherReceivedValue()
        return .none
    }

    func receive(completion: Subscribers.Completion<OtherFailure>) { parent.otherCompleted() }

    /// The operator's: both its subscribers have one identifier, as in Combine.
    var combineIdentifier: CombineIdentifier { parent.combineIdentifier }
}
