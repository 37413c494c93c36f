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
    /// What the mirror shows: the wrapped subscriber (or the subject's subscriber).
    @usableFromInline let reflected: Any?

    /// A subscriber that passes everything to `subscriber` (an `AnySubscriber` is not wrapped
    /// twice).
    @inlinable
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        description = (subscriber as? CustomStringConvertible)?.description ?? "AnySubscriber"
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        receiveCompletion = { subscriber.receive(completion: $0) }
        reflected = subscriber
    }

    /// A subscriber that sends every value and the first completion into `subject`, after handing
    /// it a subscription of its own (`send(subscription:)`: the subject requests what it wants,
    /// and the requests and the cancel go to the upstream's subscription).
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        let subscriber = SubjectSubscriber(subject)
        combineIdentifier = subscriber.combineIdentifier
        description = "Subject"
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        receiveCompletion = { subscriber.receive(completion: $0) }
        reflected = subscriber
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
        reflected = nil
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
    /// The wrapped subscriber's mirror (Combine's), or, for one made of closures, a mirror with
    /// no children.
    public var customMirror: Mirror {
        guard let reflected else { return Mirror(description, children: []) }
        return Mirror(reflecting: reflected)
    }

    /// `description`.
    public var playgroundDescription: Any { description }
}
