import Rivulet

/// The base of an operator that Combine makes *transparent*: it hands its downstream the
/// upstream's own subscription, so requests and cancels go straight upstream, and it forwards
/// every event it is given, in any order (`map`, `filter`, `compactMap`, `scan`, `ignoreOutput`,
/// `map` with key paths, `breakpoint`, ...). It has no state and no lock: a subclass overrides
/// `receive(_:)` (and `description`, and `customMirror` where Combine shows children).
///
/// Combine's transparent operators forward what a misbehaving upstream sends before its
/// subscription or after its completion; so do these. The grammar a subscriber sees is kept by the
/// ends of a chain: Rivulet's sources and subjects never send out of order, and Rivulet's
/// subscribers (`sink`, `assign`) ignore what comes after the end.
class ForwardingSubscriber<Input, Output, Failure: Swift.Error>: DemandSubscriber<Input, Failure> {
    /// Where values and the completion go.
    let downstream: DemandSubscriber<Output, Failure>

    init(downstream: DemandSubscriber<Output, Failure>) {
        self.downstream = downstream
    }

    /// Hands the upstream's subscription to the downstream unchanged.
    override func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    /// Forwards the completion unchanged.
    override func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
