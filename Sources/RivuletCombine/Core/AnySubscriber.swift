import Rivulet

/// A subscriber that hides the type of the one it wraps, or is made of closures (Combine's
/// `AnySubscriber`).
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///     receiveSubscription: { $0.request(.unlimited) },
///     receiveValue: { print($0); return .none },
///     receiveCompletion: { _ in print("done") })
/// ```
public struct AnySubscriber<Input, Failure: Swift.Error>: Subscriber, CustomStringConvertible {
    /// The wrapped subscriber's identifier (or the subject's), or a new one for closures.
    public let combineIdentifier: CombineIdentifier
    /// The wrapped subscriber's description, or `AnySubscriber`.
    public let description: String
    @usableFromInline let receiveSubscription: ((Subscription) -> Void)?
    @usableFromInline let receiveValue: ((Input) -> Subscribers.Demand)?
    @usableFromInline let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    /// A subscriber that passes everything to `subscriber`.
    @inlinable
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        combineIdentifier = subscriber.combineIdentifier
        description = (subscriber as? CustomStringConvertible)?.description ?? "AnySubscriber"
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        receiveCompletion = { subscriber.receive(completion: $0) }
    }

    /// A subscriber that sends every value and the completion into `subject`, after handing it the
    /// subscription (`send(subscription:)`: the subject requests what it wants).
    @inlinable
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        combineIdentifier = CombineIdentifier(subject)
        description = "Subject"
        receiveSubscription = { subject.send(subscription: $0) }
        receiveValue = { value in
            subject.send(value)
            return .none
        }
        receiveCompletion = { subject.send(completion: $0) }
    }

    /// A subscriber made of closures; a missing `receiveValue` asks for nothing more.
    @inlinable
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        description = "Anonymous AnySubscriber"
        self.receiveSubscription = receiveSubscription
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    /// Passes the subscription on.
    @inlinable
    public func receive(subscription: Subscription) { receiveSubscription?(subscription) }

    /// Passes the value on and returns the demand it adds.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand { receiveValue?(input) ?? .none }

    /// Passes the completion on.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion?(completion) }
}

extension AnySubscriber: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// A mirror with no children (the closures are not shown).
    public var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    public var playgroundDescription: Any { description }
}
