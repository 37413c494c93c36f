import Rivulet

/// The subscription of a publisher of one value on the demand path (Combine's `Just`, `Optional`
/// and `Once`, the subscription of `Result.Publisher`): the first request other than `.none`
/// delivers the value and `.finished` (no completion if the subscriber cancels while it receives
/// the value); a cancel before it delivers nothing. The subscriber is released once the value and
/// the completion are delivered, or at the cancel.
final class OneValueSubscription<Output, Failure: Swift.Error>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: `downstream` and `isRequested` are guarded by `lock`; the rest is
    // immutable.
    private let lock = Lock.make()
    @exclusivity(unchecked) private var downstream: DemandSubscriber<Output, Failure>?
    /// The value was asked for (it is delivered once).
    @exclusivity(unchecked) private var isRequested = false
    private let value: Output
    let description: String

    private init(_ downstream: DemandSubscriber<Output, Failure>, value: Output, name: String) {
        self.downstream = downstream
        self.value = value
        description = name
    }

    /// Hands `subscriber` a subscription that delivers `value` when it is requested.
    static func attach(_ subscriber: DemandSubscriber<Output, Failure>, value: Output, name: String) {
        subscriber.receive(subscription: OneValueSubscription(subscriber, value: value, name: name))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        guard !isRequested, let downstream else { return lock.unlock() }
        isRequested = true
        lock.unlock()
        _ = downstream.receive(value)
        lock.lock()
        // A cancel from inside `receive(_:)` stops the completion (nothing starts after it).
        let finishes = self.downstream != nil
        self.downstream = nil
        lock.unlock()
        if finishes { downstream.receive(completion: .finished) }
    }

    func cancel() {
        lock.lock()
        let released = downstream.take()
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// The value, unlabelled (Combine's mirror).
    var customMirror: Mirror { Mirror(self, children: [(label: nil, value: value)]) }

    /// `description`.
    var playgroundDescription: Any { description }
}

extension Subscriber {
    /// Hands this subscriber `Subscriptions.empty`, then `completion` if there is one: what Combine's
    /// publishers that have no value to send do (`Empty`, `Fail`, an empty sequence, a completed
    /// subject).
    func receiveEmpty(completion: Subscribers.Completion<Failure>?) {
        receive(subscription: Subscriptions.empty)
        if let completion { receive(completion: completion) }
    }
}
