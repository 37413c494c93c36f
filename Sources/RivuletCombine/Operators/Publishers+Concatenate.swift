import Rivulet

extension Publisher {
    /// Sends `elements` first, then this publisher's values (the twin of Rx `startWith`).
    ///
    /// ```
    /// upstream:        --1--2--|
    /// prepend(8, 9):   (89)1--2--|
    /// ```
    @inlinable
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends the elements of `elements` first, then this publisher's values.
    @inlinable
    public func prepend<Elements: Swift.Sequence>(
        _ elements: Elements
    ) -> Publishers.Concatenate<Publishers.Sequence<Elements, Failure>, Self> where Elements.Element == Output {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends `publisher`'s values first, then (after it finishes) this publisher's values (the
    /// twin of Rx `concat`).
    @inlinable
    public func prepend<Prefix: Publisher>(_ publisher: Prefix) -> Publishers.Concatenate<Prefix, Self>
    where Prefix.Output == Output, Prefix.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Sends this publisher's values, then, after it finishes, `elements`.
    ///
    /// ```
    /// upstream:       --1--2--|
    /// append(8, 9):   --1--2--(89|)
    /// ```
    @inlinable
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends this publisher's values, then, after it finishes, the elements of `elements`.
    @inlinable
    public func append<Elements: Swift.Sequence>(
        _ elements: Elements
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<Elements, Failure>> where Elements.Element == Output {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends this publisher's values, then, after it finishes, `publisher`'s values (the twin of
    /// Rx `concat`).
    @inlinable
    public func append<Suffix: Publisher>(_ publisher: Suffix) -> Publishers.Concatenate<Self, Suffix>
    where Suffix.Output == Output, Suffix.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

extension Publishers {
    /// The values of `prefix`, then, once it finishes, those of `suffix` (subscribed only then).
    /// A failure of `prefix` ends it without subscribing `suffix`. Built on Rx `concat`.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher, EnginePublisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        /// The shared output.
        public typealias Output = Suffix.Output
        /// The shared failure.
        public typealias Failure = Suffix.Failure

        /// The publisher that goes first.
        public let prefix: Prefix
        /// The publisher that follows.
        public let suffix: Suffix

        /// `prefix`, then `suffix`.
        @inlinable
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Attaches `subscriber` through a `Concatenate` subscription, handed over when `prefix`'s
        /// subscription arrives: requests go to the publisher running (and are kept, so that
        /// `suffix` is asked, when it is subscribed, for what `subscriber` still wants); a value
        /// beyond that demand is dropped.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            ConcatenateSubscription.attach(.erase(subscriber), prefix: prefix, suffix: suffix)
        }

        /// Exact when both publishers are.
        @inlinable
        var isEngineExact: Bool { prefix.isExactOnEngine && suffix.isExactOnEngine }

        /// `prefix.asObservable().concat(suffix)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            prefix.asObservable().concat(suffix.asObservable())
        }
    }
}

/// Which publisher of a `Concatenate` runs.
private enum ConcatenatePart {
    case prefix, suffix, over
}

/// `append`/`prepend`'s subscription on the demand path (Combine's `Concatenate`): the
/// downstream's subscription, fed first by the prefix's subscriber, then by the suffix's.
///
/// As Combine's: it is handed downstream when the prefix's subscription arrives; it keeps the
/// downstream's outstanding demand (requests add to it, each value sent takes one and adds what
/// the downstream returns) and passes requests to the publisher running; when the prefix
/// finishes it subscribes the suffix and asks it for the outstanding demand. A value beyond the
/// demand, or from a publisher not running, is dropped (`.none`); so are events before a
/// subscription and after the end. A failure of the prefix ends everything (the suffix is never
/// subscribed). A cancel cancels the publisher running, once, and releases the suffix.
private final class ConcatenateSubscription<Output, Failure: Swift.Error>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: `slot`, `part`, `demand` and `attachSuffix` are guarded by `lock`;
    // `downstream` is immutable.
    let downstream: DemandSubscriber<Output, Failure>
    let lock = Lock.make()
    /// The subscription of the publisher running.
    @exclusivity(unchecked) var slot = UpstreamSlot()
    @exclusivity(unchecked) var part = ConcatenatePart.prefix
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// Subscribes the suffix (and holds it until then).
    @exclusivity(unchecked) var attachSuffix: ((DemandSubscriber<Output, Failure>) -> Void)?

    init(
        downstream: DemandSubscriber<Output, Failure>,
        attachSuffix: @escaping (DemandSubscriber<Output, Failure>) -> Void
    ) {
        self.downstream = downstream
        self.attachSuffix = attachSuffix
    }

    static func attach<Prefix: Publisher, Suffix: Publisher>(
        _ downstream: DemandSubscriber<Output, Failure>, prefix: Prefix, suffix: Suffix
    )
    where Prefix.Output == Output, Prefix.Failure == Failure, Suffix.Output == Output, Suffix.Failure == Failure {
        let subscription = ConcatenateSubscription(downstream: downstream) { suffix.subscribe($0) }
        prefix.subscribe(ConcatenatePrefixSubscriber(subscription))
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard part != .over else { return lock.unlock() }
        demand += more
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(more)
    }

    func cancel() {
        lock.lock()
        part = .over
        let upstream = slot.cancel()
        let suffix = attachSuffix
        attachSuffix = nil
        lock.unlock()
        withExtendedLifetime(suffix) {}
        upstream?.cancel()
    }

    /// A subscription from `from`'s publisher.
    func receive(subscription: Subscription, from: ConcatenatePart) {
        lock.lock()
        guard part == from, slot.attach(subscription) else {
            lock.unlock()
            return subscription.cancel()
        }
        let pending = demand
        lock.unlock()
        if from == .prefix {
            downstream.receive(subscription: self)
        } else if pending > .none {
            subscription.request(pending)
        }
    }

    /// A value from `from`'s publisher.
    func receive(_ input: Output, from: ConcatenatePart) -> Subscribers.Demand {
        lock.lock()
        guard part == from, slot.isSubscribed, demand > .none else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        if part != .over { demand += more }
        lock.unlock()
        return more
    }

    /// A completion from `from`'s publisher.
    func receive(completion: Subscribers.Completion<Failure>, from: ConcatenatePart) {
        lock.lock()
        guard part == from, slot.finish() else { return lock.unlock() }
        if from == .prefix, case .finished = completion {
            part = .suffix
            slot = UpstreamSlot()
            let attach = attachSuffix
            attachSuffix = nil
            lock.unlock()
            attach?(ConcatenateSuffixSubscriber(self))
            return
        }
        part = .over
        let suffix = attachSuffix
        attachSuffix = nil
        lock.unlock()
        withExtendedLifetime(suffix) {}
        downstream.receive(completion: completion)
    }

    var description: String { "Concatenate" }

    var customMirror: Mirror { Mirror(self, children: [:]) }

    var playgroundDescription: Any { description }
}

/// The subscriber a `Concatenate` hands one of its publishers: it passes everything to the
/// subscription, and shows as it does (`"Concatenate"`, no children, the same identifier).
private class ConcatenateSide<Output, Failure: Swift.Error>: DemandSubscriber<Output, Failure> {
    let owner: ConcatenateSubscription<Output, Failure>
    let part: ConcatenatePart

    init(_ owner: ConcatenateSubscription<Output, Failure>, part: ConcatenatePart) {
        self.owner = owner
        self.part = part
    }

    override func receive(subscription: Subscription) { owner.receive(subscription: subscription, from: part) }

    override func receive(_ input: Output) -> Subscribers.Demand { owner.receive(input, from: part) }

    override func receive(completion: Subscribers.Completion<Failure>) {
        owner.receive(completion: completion, from: part)
    }

    override var description: String { "Concatenate" }

    override var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
}

/// The prefix's subscriber (a type of its own, as in Combine).
private final class ConcatenatePrefixSubscriber<Output, Failure: Swift.Error>: ConcatenateSide<Output, Failure> {
    init(_ owner: ConcatenateSubscription<Output, Failure>) { super.init(owner, part: .prefix) }
}

/// The suffix's subscriber.
private final class ConcatenateSuffixSubscriber<Output, Failure: Swift.Error>: ConcatenateSide<Output, Failure> {
    init(_ owner: ConcatenateSubscription<Output, Failure>) { super.init(owner, part: .suffix) }
}
