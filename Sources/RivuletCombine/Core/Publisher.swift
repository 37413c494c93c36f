import Rivulet

/// Something that sends values of type `Output` to subscribers, then perhaps a completion
/// (Combine's `Publisher`).
///
/// Its one requirement is `receive(subscriber:)`, as in Combine, so a publisher written against
/// Apple's declarations compiles unchanged:
///
/// ```swift
/// struct Countdown: Publisher {
///     typealias Output = Int
///     typealias Failure = Never
///     func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
///         subscriber.receive(subscription: Subscriptions.empty)
///         for value in (1...3).reversed() { _ = subscriber.receive(value) }
///         subscriber.receive(completion: .finished)
///     }
/// }
/// ```
///
/// Every operator (`map`, `filter`, `sink`, ...) is an extension of this protocol. Rivulet's own
/// publishers run on the engine that also carries the Rx dialect: `sink`, `assign` and the
/// operators reach a Rivulet publisher's engine stream directly, and attach to any other
/// publisher through `receive(subscriber:)` with a subscriber that requests `.unlimited`.
///
/// **Demand.** Combine's rules: a subscriber receives at most what it requests, and each
/// operator asks its upstream for values as Combine's does (`map` passes demand through,
/// `filter` asks for one more per dropped value, ...). `sink` and `assign` request everything, and
/// over Rivulet's publishers run on the engine, at the Rx dialect's speed (see `Subscriber`).
///
/// **Typed failures.** Only a `Failure` value can end a publisher whose failure type is
/// `Failure`: subjects' `send(completion:)`, `Fail` and `Future` are typed, operators that can
/// throw (`tryMap`, `tryFilter`) have `Failure == Error`, and `asPublisher()` on an observable has
/// `Failure == Error`. Should a foreign error arrive anyway (only by going around the public
/// API), typed operators pass it on unchanged and the subscription ends without a completion
/// (the error goes to `Hooks.defaultErrorHandler`); nothing traps.
public protocol Publisher<Output, Failure> {
    /// The type of the values the publisher sends.
    associatedtype Output
    /// The type of the error that can end the publisher; `Never` when it cannot fail.
    associatedtype Failure: Swift.Error

    /// Attaches `subscriber`: the publisher hands it a `Subscription` first, then sends at most
    /// the values requested through it, then perhaps a completion.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` (calls `receive(subscriber:)`): it is given its subscription, then
    /// receives the values it requests and the completion.
    ///
    /// Threading, for Rivulet's publishers: the subscriber's methods are called one at a time;
    /// `request(_:)` and `cancel()` may be called from any thread, also from inside the
    /// subscriber's own methods. After `cancel()` no further call to the subscriber starts (one
    /// already running on another thread finishes).
    ///
    /// While an `_Introspection` observer is enabled, the subscription is observed (see
    /// `_Introspection`); otherwise this costs one atomic load more than `receive(subscriber:)`.
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        if IntrospectionRegistry.isActive {
            subscribeIntrospected(subscriber)
        } else {
            receive(subscriber: subscriber)
        }
    }
}

/// A namespace for the publisher types the operators return (`Publishers.Map`, `Publishers.Merge`, ...).
public enum Publishers {}
