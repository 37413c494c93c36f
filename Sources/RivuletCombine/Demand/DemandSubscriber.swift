import Rivulet

/// A subscriber on the demand path, with its type erased to its value types: the downstream every
/// demand-path operator delivers to, and the base class of every operator's inner subscriber.
///
/// A subscription is erased once: the subscriber a user attaches is wrapped in a `SubscriberBox`
/// (`erase(_:)`), and each operator's inner subscriber is itself a `DemandSubscriber` of its
/// upstream's types, so an operator above it finds it already erased. The operators' code is then
/// generic over value types only (`Input`, `Output`, `Failure`), compiled once in this module,
/// never over the subscriber or publisher types of a user's chain (docs/DESIGN.md, "The demand
/// path").
///
/// The three `receive` methods are abstract; the reflection members (`description`,
/// `customMirror`, `playgroundDescription`) give Combine's names where a subclass overrides them.
class DemandSubscriber<Input, Failure: Swift.Error>: ErasedSubscriberRoot, Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
{
    override init() {}

    /// Receives the upstream's subscription (abstract).
    func receive(subscription: Subscription) {}

    /// Receives a value; returns the demand it adds (abstract).
    func receive(_ input: Input) -> Subscribers.Demand { .none }

    /// Receives the completion (abstract).
    func receive(completion: Subscribers.Completion<Failure>) {}

    /// Combine's name of this subscriber (`"Map"`, `"Filter"`, ...).
    var description: String { "DemandSubscriber" }

    /// Combine's mirror of this subscriber (no children unless a subclass has some).
    var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    var playgroundDescription: Any { description }

    /// The object's identity, as for any class; a subclass that stands for another object (the
    /// upstream-side subscribers of `append`, `catch`, ...) answers with that object's.
    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    /// What a mirror shows for this subscriber as another one's `downstream`: itself, or the
    /// subscriber a `SubscriberBox` wraps.
    var reflected: Any { self }

    /// `subscriber` as a `DemandSubscriber`: itself when it is one (an operator's inner
    /// subscriber), otherwise wrapped in a `SubscriberBox`.
    static func erase<S: Subscriber>(_ subscriber: S) -> DemandSubscriber where S.Input == Input, S.Failure == Failure {
        // The test is against the non-generic root: a cast to `DemandSubscriber<Input, Failure>`
        // would look up that generic type's metadata on every subscription. A `DemandSubscriber`
        // that is an `S` has `S`'s `Input` and `Failure`, so the downcast is exact.
        if let ready = subscriber as? ErasedSubscriberRoot { return unsafeDowncast(ready, to: DemandSubscriber.self) }
        return SubscriberBox(subscriber)
    }
}

/// The non-generic root of `DemandSubscriber`, so that `erase(_:)` can recognise one with a cast
/// to a plain class.
class ErasedSubscriberRoot {
    init() {}
}

/// A user's subscriber (or any subscriber that is not an operator's inner one) as a
/// `DemandSubscriber`: every call goes to `base`.
final class SubscriberBox<Base: Subscriber>: DemandSubscriber<Base.Input, Base.Failure> {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    override func receive(subscription: Subscription) { base.receive(subscription: subscription) }

    override func receive(_ input: Base.Input) -> Subscribers.Demand { base.receive(input) }

    override func receive(completion: Subscribers.Completion<Base.Failure>) { base.receive(completion: completion) }

    override var description: String { String(describing: base) }

    override var customMirror: Mirror { Mirror(reflecting: base) }

    override var reflected: Any { base }
}
