/// A subscriber that hides the type of the one it wraps, or is made of closures (Combine's
/// `AnySubscriber`).
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///     receiveSubscription: { $0.request(.unlimited) },
///     receiveValue: { print($0); return .none },
///     receiveCompletion: { _ in print("done") })
/// ```
public struct AnySubscriber<Input, Failure: Swift.Error>: Subscriber {
    @usableFromInline let receiveSubscription: ((Subscription) -> Void)?
    @usableFromInline let receiveValue: ((Input) -> Subscribers.Demand)?
    @usableFromInline let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    /// A subscriber that passes everything to `subscriber`.
    @inlinable
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        receiveCompletion = { subscriber.receive(completion: $0) }
    }

    /// A subscriber that sends every value and the completion into `subject`, asking for
    /// everything.
    @inlinable
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        receiveSubscription = { $0.request(.unlimited) }
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
