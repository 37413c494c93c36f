import Rivulet

/// The base of an operator that stands between its upstream and its downstream: the object is
/// the subscriber of its upstream *and* the subscription its downstream receives (Combine's
/// `TryMap`, `TryFilter`, `RemoveDuplicates`, `PrefixWhile`, `HandleEvents`, ...).
///
/// It holds the downstream, a lock and the `UpstreamSlot`, and implements what every such
/// operator does alike:
/// - `receive(subscription:)`: keeps the first subscription and hands itself downstream; a second
///   one, or one after the end, is cancelled;
/// - `request(_:)`: passes the demand to the live upstream subscription (ignored before it
///   arrives and after the end);
/// - `cancel()`: cancels the upstream exactly once;
/// - `finishFromUpstream(_:)` and `endEarly(_:)`: the two ways to complete downstream.
///
/// A subclass overrides `receive(_:)` and `receive(completion:)` (usually calling
/// `finishFromUpstream`), and `description`/`customMirror`. The lock guards `slot` and whatever a
/// subclass adds to it; it is never held while calling out (the upstream, the downstream, a user
/// closure). Calls from the upstream should be serial (Combine's rule for publishers), but a
/// publisher written by hand may break the rule: state a subclass keeps across values is read and
/// written under `lock` too (never held across the user's closure), so such calls garble results
/// at worst, never memory. `request` and `cancel` may come from any thread.
///
/// The downstream is kept for the life of the object, as Combine keeps it: it is released when the
/// upstream lets go of this object and the downstream lets go of its subscription.
class OperatorSubscription<Input, UpstreamFailure: Swift.Error, Output, Failure: Swift.Error>:
    DemandSubscriber<Input, UpstreamFailure>, Subscription, @unchecked Sendable
{
    // @unchecked Sendable: `slot` (and what a subclass says) is guarded by `lock`; `downstream` is
    // immutable.

    /// Where values and the completion go.
    let downstream: DemandSubscriber<Output, Failure>
    /// Guards `slot` and the subclass's shared state; never held while calling out.
    let lock = Lock.make()
    /// The upstream subscription and the state of this one.
    @exclusivity(unchecked) var slot = UpstreamSlot()

    init(downstream: DemandSubscriber<Output, Failure>) {
        self.downstream = downstream
    }

    /// Keeps the first subscription and hands this object downstream as its subscription; cancels
    /// any other.
    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = slot.attach(subscription)
        lock.unlock()
        if taken {
            downstream.receive(subscription: self)
        } else {
            subscription.cancel()
        }
    }

    /// Passes `demand` to the upstream subscription while it is live.
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(demand)
    }

    /// Cancels the upstream subscription, once; nothing more goes downstream after the upstream
    /// has stopped.
    func cancel() {
        lock.lock()
        let upstream = slot.cancel()
        lock.unlock()
        upstream?.cancel()
    }

    /// Requests `more` from the live upstream subscription if it is more than `.none`, and returns
    /// `.none`: for the operators that, as Combine's (`multicast`, `measureInterval`), pass the
    /// demand the downstream returns for a value on as a request rather than as their return.
    func requestingSeparately(_ more: Subscribers.Demand) -> Subscribers.Demand {
        guard more > .none else { return .none }
        lock.lock()
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(more)
        return .none
    }

    /// Whether the upstream subscription is live (arrived, not finished, not cancelled).
    var isLive: Bool {
        lock.lock()
        defer { lock.unlock() }
        return slot.isSubscribed
    }

    /// The upstream completed: forwards `completion` if it is the first one of a live
    /// subscription, otherwise ignores it.
    func finishFromUpstream(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let first = slot.finish()
        lock.unlock()
        if first { downstream.receive(completion: completion) }
    }

    /// The operator ends the subscription itself (a predicate says stop, a closure threw):
    /// cancels the upstream, then sends `completion` downstream; does nothing if the subscription
    /// is not live.
    func endEarly(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.isSubscribed else { return lock.unlock() }
        let upstream = slot.cancel()
        lock.unlock()
        upstream?.cancel()
        downstream.receive(completion: completion)
    }
}

extension Subscribers.Completion {
    /// The completion with its failure transformed.
    func mapFailure<NewFailure: Swift.Error>(_ transform: (Failure) -> NewFailure) -> Subscribers.Completion<NewFailure>
    {
        switch self {
        case .finished: return .finished
        case .failure(let failure): return .failure(transform(failure))
        }
    }

    /// The completion with its failure as an untyped `Error` (what the `try` operators send).
    var eraseFailure: Subscribers.Completion<Swift.Error> { mapFailure { $0 } }
}
