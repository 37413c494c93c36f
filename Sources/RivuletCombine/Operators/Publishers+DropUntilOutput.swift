import Rivulet

extension Publisher {
    /// Drops the values until `publisher` sends its first value, then passes every value on (like
    /// Rx `skip(until:)`). A failure of either fails the result; the other's completion without a
    /// value cancels the upstream and ends the result with it, as in Combine. Unlike Rx
    /// `skip(until:)` (RxSwift's rule), the upstream's completion always passes on, as in Combine.
    ///
    /// Demand: the subscriber's requests go to the upstream (a dropped value uses its share, as in
    /// Combine); `publisher` is asked for one value.
    ///
    /// ```
    /// upstream:                      --1--2--3--4--|
    /// other:                         -------x
    /// drop(untilOutputFrom: other):  --------3--4--|
    /// ```
    @inlinable
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// The publisher `drop(untilOutputFrom:)` returns.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher, EnginePublisher
    where Upstream.Failure == Other.Failure {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The shared failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are dropped at first.
        public let upstream: Upstream
        /// The publisher whose first value starts passing values on.
        public let other: Other

        /// The values of `upstream` from `other`'s first value on.
        @inlinable
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        /// Hands `subscriber` a `DropUntilOutput` subscription, then subscribes `other`, then
        /// `upstream` (see `DropUntilOutputSubscription`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = DropUntilOutputSubscription<Output, Failure>.start(.erase(subscriber))
            other.subscribe(subscription.otherSide(Other.Output.self, Other.Failure.self))
            upstream.subscribe(subscription)
        }

        /// Never exact: the engine stream keeps dropping when `other` finishes without a value,
        /// where Combine's ends.
        @inlinable
        var isEngineExact: Bool { false }

        /// The upstream's values once `other` has sent one: `withLatestFrom` a flag that `other`'s
        /// first value raises (so the upstream's completion passes on, and `other`'s failure too).
        @inlinable
        func engineStream() -> Observable<Output> {
            let opened = other.asObservable().take(1).map { _ in true }.startWith(false)
            return upstream.asObservable().withLatestFrom(opened) { ($0, $1) }.filter { $0.1 }.map { $0.0 }
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

/// The subscription of `drop(untilOutputFrom:)` on the demand path, as Combine's: the subscriber
/// of the upstream, of the other publisher (through an `UntilOutputOther`) and the subscription
/// the downstream receives.
///
/// It is handed downstream at once (requests made before the upstream's subscription are passed
/// on when it arrives); the other publisher is subscribed before the upstream and asked for one
/// value; requests go to the upstream; the downstream's cancel cancels the upstream, then the
/// other publisher, once each; the upstream's completion cancels the other publisher, then passes
/// on. Values are dropped, returning `.none`, until the other publisher's first value; the other
/// publisher is kept (its completion after that is ignored) and cancelled with the rest. Its
/// finish or failure before that cancels the upstream and ends the subscription with it.
///
/// The other publisher may send on another thread than the upstream: a completion that finds a
/// value being delivered (on another thread, or on this one from inside the downstream's
/// `receive(_:)`, where a synchronous upstream may send again) goes after it, so the two never
/// call the downstream at once. The upstream's values are not serialised among themselves
/// (Combine's rule: a publisher calls its subscriber one call at a time).
final class DropUntilOutputSubscription<Output, Failure: Swift.Error>:
    OperatorSubscription<Output, Failure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock` (the inherited `slot` too).
    /// The other publisher's subscription.
    @exclusivity(unchecked) var otherSlot = UpstreamSlot()
    /// Requests made before the upstream's subscription arrived.
    @exclusivity(unchecked) var pending = Subscribers.Demand.none
    /// The other publisher sent its value.
    @exclusivity(unchecked) var isTriggered = false
    /// Ended (a completion decided, or cancelled).
    @exclusivity(unchecked) var isDone = false
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    /// How many upstream values are being delivered (more than one when a value is sent from
    /// inside the downstream's `receive(_:)`); the completion waits until none is.
    @exclusivity(unchecked) var valuesInFlight = 0
    /// Whether a thread is delivering the completion.
    @exclusivity(unchecked) var isCompleting = false

    private override init(downstream: DemandSubscriber<Output, Failure>) {
        super.init(downstream: downstream)
    }

    /// A new subscription, handed to `downstream` at once (the caller then subscribes the other
    /// publisher with `otherSide`, then the upstream).
    static func start(_ downstream: DemandSubscriber<Output, Failure>) -> DropUntilOutputSubscription {
        let subscription = DropUntilOutputSubscription(downstream: downstream)
        downstream.receive(subscription: subscription)
        return subscription
    }

    /// The subscriber for the other publisher.
    func otherSide<OtherOutput, OtherFailure>(_: OtherOutput.Type, _: OtherFailure.Type) -> DemandSubscriber<
        OtherOutput, OtherFailure
    > {
        UntilOutputOther(parent: self)
    }

    // MARK: The upstream

    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = !isDone && slot.attach(subscription)
        let asked = pending
        pending = .none
        lock.unlock()
        guard taken else { return subscription.cancel() }
        if asked > .none { subscription.request(asked) }
    }

    override func request(_ demand: Subscribers.Demand) {
        lock.lock()
        if isDone || demand == .none { return lock.unlock() }
        guard let upstream = slot.subscription else {
            if slot.isAwaiting { pending += demand }
            return lock.unlock()
        }
        lock.unlock()
        upstream.request(demand)
    }

    override func cancel() {
        lock.lock()
        if isDone, completion == nil { return lock.unlock() }
        isDone = true
        completion = nil
        let (upstream, other) = (slot.cancel(), otherSlot.cancel())
        lock.unlock()
        upstream?.cancel()
        other?.cancel()
    }

    override func receive(_ input: Output) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed, !isDone, isTriggered else {
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

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.finish(), !isDone else { return lock.unlock() }
        let other = otherSlot.cancel()
        lock.unlock()
        other?.cancel()
        lock.lock()
        end(completion)
    }

    // MARK: The other publisher

    func other(received subscription: Subscription) {
        lock.lock()
        let taken = !isDone && otherSlot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        subscription.request(.max(1))
    }

    func otherReceivedValue() {
        lock.lock()
        guard otherSlot.isSubscribed, !isDone, !isTriggered else { return lock.unlock() }
        isTriggered = true
        // The other is kept (it was asked for one value) and cancelled at the end, as Combine
        // documents it (its implementation lets go of it without cancelling it, which keeps this
        // subscription alive as long as the other publisher is).
        lock.unlock()
    }

    func otherCompleted(failure: Failure?) {
        lock.lock()
        guard otherSlot.finish(), !isDone, !isTriggered else { return lock.unlock() }
        let upstream = slot.cancel()
        lock.unlock()
        upstream?.cancel()
        lock.lock()
        end(failure.map { .failure($0) } ?? .finished)
    }

    // MARK: Delivery

    /// Ends the subscription with `completion`: delivers it now, or after the value being
    /// delivered. Called with `lock` held; releases it.
    private func end(_ completion: Subscribers.Completion<Failure>) {
        guard !isDone else { return lock.unlock() }
        isDone = true
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

    override var description: String { "DropUntilOutput" }
}

/// The subscriber `drop(untilOutputFrom:)` attaches to the other publisher: it passes everything
/// to its `DropUntilOutputSubscription`.
private final class UntilOutputOther<Input, OtherFailure: Swift.Error, Output, Failure: Swift.Error>:
    DemandSubscriber<Input, OtherFailure>
{
    let parent: DropUntilOutputSubscription<Output, Failure>

    init(parent: DropUntilOutputSubscription<Output, Failure>) {
        self.parent = parent
    }

    override func receive(subscription: Subscription) { parent.other(received: subscription) }

    override func receive(_ input: Input) -> Subscribers.Demand {
        parent.otherReceivedValue()
        return .none
    }

    override func receive(completion: Subscribers.Completion<OtherFailure>) {
        switch completion {
        case .finished: parent.otherCompleted(failure: nil)
        // Both publishers have one failure type.
        case .failure(let failure): parent.otherCompleted(failure: failure as? Failure)
        }
    }

    override var description: String { parent.description }

    /// The operator's: both its subscribers have one identifier, as in Combine.
    override var combineIdentifier: CombineIdentifier { parent.combineIdentifier }
}
