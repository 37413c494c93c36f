import Rivulet

/// What an operator that decides value by value does with one value (`DecidingSubscription`).
enum ValueVerdict<Output, Failure: Swift.Error> {
    /// Pass it on; the upstream gets the demand the downstream returns.
    case send(Output)
    /// Drop it and ask the upstream for one more (`.max(1)`), as Combine's filtering operators do.
    case drop
    /// Cancel the upstream and finish (the predicate of `prefix(while:)` turned false).
    case finish
    /// Cancel the upstream and fail (a `try` closure threw).
    case fail(Failure)
}

/// The base of the operators Combine gives a strict subscription of their own and that decide
/// value by value (`tryFilter`, `tryCompactMap`, `removeDuplicates`, `drop(while:)`,
/// `prefix(while:)` and their `try` forms): an `OperatorSubscription` whose `receive(_:)` asks
/// `decide(_:)` and acts on the verdict.
///
/// Strict, as Combine's: a value is decided only while the upstream subscription is live (before
/// the subscription and after the end it is ignored, and `.none` returned); the first completion
/// of a live subscription is forwarded, failures converted with `convertFailure`; a verdict that
/// ends the subscription cancels the upstream once, then completes downstream.
class DecidingSubscription<Input, UpstreamFailure: Swift.Error, Output, Failure: Swift.Error>:
    OperatorSubscription<Input, UpstreamFailure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `convertFailure` is immutable.

    /// The upstream's failure as this operator's (itself, or as an untyped `Error`).
    let convertFailure: (UpstreamFailure) -> Failure

    init(downstream: DemandSubscriber<Output, Failure>, convertFailure: @escaping (UpstreamFailure) -> Failure) {
        self.convertFailure = convertFailure
        super.init(downstream: downstream)
    }

    /// The verdict on `input` (abstract). Called outside the lock, so it may run the user's
    /// closure; state it keeps is read and written under `lock` around that call (a publisher that
    /// calls from several threads at once, against Combine's rules, must not corrupt it).
    func decide(_ input: Input) -> ValueVerdict<Output, Failure> { .drop }

    /// Whether a cancel before the subscription arrived makes this operator cancel it on arrival
    /// (and not hand it down), as Combine's strict operators do; `drop(while:)` ignores it.
    var remembersEarlyCancel: Bool { true }

    /// Cancels the upstream once (see `remembersEarlyCancel`).
    override func cancel() {
        let remembers = remembersEarlyCancel
        lock.lock()
        let upstream = remembers ? slot.cancelRememberingEarly() : slot.cancel()
        lock.unlock()
        upstream?.cancel()
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        guard isLive else { return .none }
        switch decide(input) {
        case .send(let output):
            return downstream.receive(output)
        case .drop:
            return .max(1)
        case .finish:
            endEarly(.finished)
            return .none
        case .fail(let failure):
            endEarly(.failure(failure))
            return .none
        }
    }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        finishFromUpstream(completion.mapFailure(convertFailure))
    }
}
