import Rivulet

/// An observer of every subscription made with `subscribe(_:)` while it is enabled, and of the
/// events that flow through those subscriptions (Combine's underscored `_Introspection`, for
/// debugging tools).
///
/// ```swift
/// final class Logger: _Introspection {
///     func willReceive<S: Subscriber>(subscriber: S, input: S.Input) { print("→ \(input)") }
/// }
/// let logger = Logger()
/// logger.enable()
/// defer { logger.disable() }
/// ```
///
/// While at least one observer is enabled, `subscribe(_:)` reports the publisher and the
/// subscriber to each enabled observer before and after attaching, and hands the publisher a
/// stand-in subscriber (with the subscriber's `description` and `combineIdentifier`) that
/// reports every subscription, value and completion before and after passing it on; the
/// subscription the subscriber receives is likewise a stand-in that reports each request and
/// cancel. A subscription made while no observer is enabled is never observed, and
/// `receive(subscriber:)` called directly is not observed either. Every method has an empty
/// default: implement only those you need. The methods are called on the thread of the event.
public protocol _Introspection: AnyObject {
    /// Called before `publisher` is asked to attach `subscriber`.
    func willReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input

    /// Called after `publisher` has attached `subscriber`.
    func didReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input

    /// Called before `subscriber` receives `subscription`.
    func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription)

    /// Called after `subscriber` has received `subscription`.
    func didReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription)

    /// Called before `subscriber` receives `input`.
    func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input)

    /// Called after `subscriber` has received `input` and answered `resultingDemand`.
    func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, input: Downstream.Input, resultingDemand: Subscribers.Demand)

    /// Called before `subscriber` receives `completion`.
    func willReceive<Downstream: Subscriber>(
        subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>)

    /// Called after `subscriber` has received `completion`.
    func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>)

    /// Called before `demand` is requested through `subscription`.
    func willRequest(subscription: Subscription, _ demand: Subscribers.Demand)

    /// Called after `demand` has been requested through `subscription`.
    func didRequest(subscription: Subscription, _ demand: Subscribers.Demand)

    /// Called before `subscription` is cancelled.
    func willCancel(subscription: Subscription)

    /// Called after `subscription` has been cancelled.
    func didCancel(subscription: Subscription)
}

extension _Introspection {
    /// Does nothing.
    public func willReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {}

    /// Does nothing.
    public func didReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {}

    /// Does nothing.
    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {}

    /// Does nothing.
    public func didReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {}

    /// Does nothing.
    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input) {}

    /// Does nothing.
    public func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, input: Downstream.Input, resultingDemand: Subscribers.Demand
    ) {}

    /// Does nothing.
    public func willReceive<Downstream: Subscriber>(
        subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>
    ) {}

    /// Does nothing.
    public func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>
    ) {}

    /// Does nothing.
    public func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {}

    /// Does nothing.
    public func didRequest(subscription: Subscription, _ demand: Subscribers.Demand) {}

    /// Does nothing.
    public func willCancel(subscription: Subscription) {}

    /// Does nothing.
    public func didCancel(subscription: Subscription) {}

    /// Starts observing the subscriptions made with `subscribe(_:)` (see `_Introspection`);
    /// enabling an enabled observer does nothing.
    public func enable() { IntrospectionRegistry.enable(self) }

    /// Stops observing; disabling an observer that is not enabled does nothing.
    public func disable() { IntrospectionRegistry.disable(self) }

    /// Whether this observer is enabled.
    public var isEnabled: Bool { IntrospectionRegistry.isEnabled(self) }
}
