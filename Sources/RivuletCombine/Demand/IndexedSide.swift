/// An operator's subscription over several upstreams whose values it takes type-erased, in order
/// of their index (`combineLatest`, `zip`): what the subscriber it attaches to each upstream
/// passes on.
protocol IndexedSidesOwner: AnyObject, CustomStringConvertible {
    associatedtype Failure: Swift.Error

    /// Upstream number `index` handed over its subscription.
    func side(_ index: Int, received subscription: Subscription)
    /// Upstream number `index` sent a value; returns the demand to pass back to it.
    func side(_ index: Int, received value: Any) -> Subscribers.Demand
    /// Upstream number `index` ended.
    func side(_ index: Int, received completion: Subscribers.Completion<Failure>)
}

/// The subscriber an `IndexedSidesOwner` attaches to upstream number `index`: it passes every call
/// to its owner with the index, and is named as the owner is (Combine's `"CombineLatest"`,
/// `"Zip"`).
final class IndexedSide<Input, Owner: IndexedSidesOwner>: DemandSubscriber<Input, Owner.Failure> {
    let parent: Owner
    let index: Int

    init(parent: Owner, index: Int) {
        self.parent = parent
        self.index = index
    }

    override func receive(subscription: Subscription) { parent.side(index, received: subscription) }

    override func receive(_ input: Input) -> Subscribers.Demand { parent.side(index, received: input) }

    override func receive(completion: Subscribers.Completion<Owner.Failure>) {
        parent.side(index, received: completion)
    }

    override var description: String { parent.description }
}
