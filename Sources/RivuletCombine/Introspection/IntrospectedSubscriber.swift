import Rivulet

extension Publisher {
    /// `subscribe(_:)` while an `_Introspection` observer is enabled: reports the attachment and
    /// hands the publisher an `IntrospectedSubscriber` in place of `subscriber`. A subscriber that
    /// is a stand-in already (a publisher of your own that subscribes its upstream with the
    /// subscriber it was given) is reported erased (an `AnySubscriber`) and passed on as it is,
    /// so each event is reported once, as in Combine.
    @usableFromInline
    func subscribeIntrospected<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        if subscriber is IntrospectionStandIn || (subscriber as? ErasedSubscriber)?.erased is IntrospectionStandIn {
            let erased = AnySubscriber(subscriber)
            for observer in IntrospectionRegistry.enabled { observer.willReceive(publisher: self, subscriber: erased) }
            receive(subscriber: subscriber)
            for observer in IntrospectionRegistry.enabled { observer.didReceive(publisher: self, subscriber: erased) }
            return
        }
        for observer in IntrospectionRegistry.enabled { observer.willReceive(publisher: self, subscriber: subscriber) }
        receive(subscriber: IntrospectedSubscriber(subscriber))
        for observer in IntrospectionRegistry.enabled { observer.didReceive(publisher: self, subscriber: subscriber) }
    }
}

/// A stand-in subscriber of `subscribe(_:)` (an `IntrospectedSubscriber`), whatever it stands for.
protocol IntrospectionStandIn {}

/// An `AnySubscriber`, whatever its types: what it wraps.
protocol ErasedSubscriber {
    /// The wrapped subscriber, or `nil` for one made of closures.
    var erased: Any? { get }
}

extension AnySubscriber: ErasedSubscriber {
    var erased: Any? { reflected }
}

/// The stand-in subscriber `subscribe(_:)` attaches while an `_Introspection` observer is
/// enabled: it reports each event to the observers enabled at that moment, before and after
/// passing it to the subscriber, and hands the subscriber an `IntrospectedSubscription`. It
/// shows the subscriber's `description` and `combineIdentifier`.
final class IntrospectedSubscriber<Downstream: Subscriber>: Subscriber, CustomStringConvertible, IntrospectionStandIn,
    @unchecked Sendable
{
    // @unchecked Sendable: immutable; the subscriber is called as the publisher calls this one.
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let downstream: Downstream

    init(_ downstream: Downstream) { self.downstream = downstream }

    var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

    var description: String {
        (downstream as? CustomStringConvertible)?.description ?? String(describing: Downstream.self)
    }

    func receive(subscription: Subscription) {
        let observers = IntrospectionRegistry.enabled
        for observer in observers { observer.willReceive(subscriber: downstream, subscription: subscription) }
        downstream.receive(subscription: IntrospectedSubscription(subscription))
        for observer in observers { observer.didReceive(subscriber: downstream, subscription: subscription) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let observers = IntrospectionRegistry.enabled
        for observer in observers { observer.willReceive(subscriber: downstream, input: input) }
        let demand = downstream.receive(input)
        for observer in observers { observer.didReceive(subscriber: downstream, input: input, resultingDemand: demand) }
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let observers = IntrospectionRegistry.enabled
        for observer in observers { observer.willReceive(subscriber: downstream, completion: completion) }
        downstream.receive(completion: completion)
        for observer in observers { observer.didReceive(subscriber: downstream, completion: completion) }
    }
}

/// The stand-in subscription an `IntrospectedSubscriber` hands its subscriber: it reports each
/// request and cancel to the enabled observers, before and after passing it on. It shows the
/// subscription's `description` and `combineIdentifier`.
final class IntrospectedSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: immutable; the subscription is as thread-safe as the one it stands for.
    let base: Subscription

    init(_ base: Subscription) { self.base = base }

    var combineIdentifier: CombineIdentifier { base.combineIdentifier }

    var description: String { (base as? CustomStringConvertible)?.description ?? String(describing: type(of: base)) }

    func request(_ demand: Subscribers.Demand) {
        let observers = IntrospectionRegistry.enabled
        for observer in observers { observer.willRequest(subscription: base, demand) }
        base.request(demand)
        for observer in observers { observer.didRequest(subscription: base, demand) }
    }

    func cancel() {
        let observers = IntrospectionRegistry.enabled
        for observer in observers { observer.willCancel(subscription: base) }
        base.cancel()
        for observer in observers { observer.didCancel(subscription: base) }
    }
}
