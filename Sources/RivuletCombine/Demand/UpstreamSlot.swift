import Rivulet

/// The upstream subscription of one demand-path operator, as a small state machine: a value type
/// kept in its owner's fields and stepped under the owner's lock. Its methods only change the
/// state and say what to do; the owner does it after unlocking (cancel a subscription, request
/// from it, forward a completion), so no call out happens under a lock.
///
/// ```
/// awaiting ──attach──▶ subscribed ──finish──▶ finished
///                          │
///                          └──────cancel─────▶ cancelled
/// ```
///
/// - A subscription that arrives in any state but `awaiting` is refused: the owner cancels it
///   (a second subscription, or one after the end), as Combine does.
/// - `finish()` says whether a completion is the first one of a live subscription (forward it);
///   completions before the subscription or after the end are ignored.
/// - `cancel()` hands back the upstream subscription exactly once, so it is cancelled once
///   however many times, and from however many threads, the downstream cancels. A cancel before
///   the subscription arrived is ignored, as Combine's operators ignore it (there is nothing to
///   cancel yet; the subscription that arrives later is taken and handed down).
/// - The upstream subscription is released at the end (finished or cancelled), which breaks the
///   reference cycle between it and the operator.
struct UpstreamSlot {
    enum State {
        case awaiting
        case subscribed(Subscription)
        case finished
        case cancelled
    }

    private(set) var state = State.awaiting

    /// Whether no subscription has arrived yet (and the slot was not cancelled).
    var isAwaiting: Bool {
        if case .awaiting = state { return true }
        return false
    }

    /// The live upstream subscription, to pass a request on to; `nil` before it arrives and after
    /// the end.
    var subscription: Subscription? {
        if case .subscribed(let subscription) = state { return subscription }
        return nil
    }

    /// Whether the downstream cancelled (or the operator ended early).
    var isCancelled: Bool {
        if case .cancelled = state { return true }
        return false
    }

    /// Whether a subscription is live (arrived, and neither finished nor cancelled).
    var isSubscribed: Bool { subscription != nil }

    /// A subscription arrived: returns `true` if the slot took it, `false` if the caller must
    /// cancel it.
    mutating func attach(_ subscription: Subscription) -> Bool {
        guard case .awaiting = state else { return false }
        state = .subscribed(subscription)
        return true
    }

    /// The upstream completed: returns `true` the first time while subscribed (the caller
    /// forwards the completion), `false` otherwise (ignore it).
    mutating func finish() -> Bool {
        guard case .subscribed = state else { return false }
        state = .finished
        return true
    }

    /// The downstream cancelled (or the operator ends early): returns the subscription to cancel,
    /// the first time only. Before the subscription arrived it does nothing, as in Combine.
    mutating func cancel() -> Subscription? {
        switch state {
        case .awaiting:
            return nil
        case .subscribed(let subscription):
            state = .cancelled
            return subscription
        case .finished, .cancelled:
            return nil
        }
    }

    /// As `cancel()`, but a cancel before the subscription arrived is remembered: the slot then
    /// refuses it and the owner cancels it on arrival. Combine's strict operators (`tryFilter`,
    /// `removeDuplicates`, `prefix(while:)`, `throttle`, ...) do this, the others ignore it.
    mutating func cancelRememberingEarly() -> Subscription? {
        if case .awaiting = state {
            state = .cancelled
            return nil
        }
        return cancel()
    }
}
