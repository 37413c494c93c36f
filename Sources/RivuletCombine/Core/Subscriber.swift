import Rivulet

/// Something that receives a publisher's values one demand at a time (Combine's `Subscriber`):
/// write one to control how many values arrive, then attach it with `subscribe(_:)`.
///
/// ```swift
/// final class OneAtATime: Subscriber {
///     typealias Input = Int
///     typealias Failure = Never
///     func receive(subscription: Subscription) { subscription.request(.max(1)) }
///     func receive(_ input: Int) -> Subscribers.Demand { print(input); return .max(1) }
///     func receive(completion: Subscribers.Completion<Never>) { print("done") }
/// }
/// ```
///
/// A class gets its `combineIdentifier` from its identity; a struct declares
/// `let combineIdentifier = CombineIdentifier()`.
///
/// Attached to a Rivulet publisher, a subscriber receives at most what it requests, by Combine's
/// rules: a `PassthroughSubject` drops a value sent while the subscriber has no demand, a
/// `CurrentValueSubject` keeps its value until demand arrives, a source (`Just`, a sequence,
/// `Record`, `Future`) sends as it is asked, and each operator passes demand upstream as
/// Combine's does. (Behind an operator not converted yet, or an `asPublisher()` stream, the values
/// it has not asked for wait in its subscription, in order.) The completion needs no demand.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The type of the values the subscriber receives.
    associatedtype Input
    /// The type of the error that can end the subscription.
    associatedtype Failure: Swift.Error

    /// Called once, first: the subscription to request values from (or cancel).
    func receive(subscription: Subscription)

    /// Called for each value; returns how many more values to add to the demand.
    func receive(_ input: Input) -> Subscribers.Demand

    /// Called once, last, unless the subscription is cancelled first.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives `()`.
    public func receive() -> Subscribers.Demand { receive(()) }
}
