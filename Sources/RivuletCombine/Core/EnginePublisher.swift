import Rivulet

/// The engine link: how a Rivulet publisher hands over the engine stream it stands for.
///
/// Every publisher type of this module conforms (an internal conformance, invisible to users);
/// `asObservable()`, `sink`, `assign` and every operator reach the stream through it with no
/// subscriber object in between, so a chain of Rivulet publishers costs what the Rx chain costs.
/// A publisher of any other type (a user's, written the Combine way) is reached through its
/// `receive(subscriber:)` instead (`ForeignPublisherBridge`).
///
/// The check is a cast of the publisher's type to this protocol: where the type is known (the
/// user's code, specialised), the compiler resolves it and calls the concrete `engineStream()`
/// directly; elsewhere it is one runtime cast per subscription.
@usableFromInline
protocol EnginePublisher: Publisher {
    /// The engine stream this publisher stands for (built anew for each call, as an operator
    /// builds its Rx twin).
    func engineStream() -> Observable<Output>

    /// Whether `engineStream()` does exactly what this publisher does, in Combine's terms, for a
    /// subscriber that requests `.unlimited` at once (`sink`, `assign`): the same values, the same
    /// completion, the same requests and cancels seen by every publisher upstream. Then such a
    /// subscriber is attached through the engine (the engine path); otherwise through
    /// `receive(subscriber:)` and the operators' own subscriptions (the demand path).
    ///
    /// An operator is exact when its upstreams are (`upstream.isExactOnEngine`) and its own
    /// semantics do not depend on demand even when the downstream's is unlimited (not
    /// `flatMap(maxPublishers: .max(n))`, which asks its upstream for `n` values at a time). A
    /// publisher that is not Rivulet's is never exact. The default, `true`, is for the operators
    /// whose `receive(subscriber:)` still goes through the engine (`attachThroughEngine`): their
    /// upstreams are reached with `asObservable()`, which is exact or bridges them.
    var isEngineExact: Bool { get }
}

extension EnginePublisher {
    /// `true`: see the requirement.
    @inlinable
    var isEngineExact: Bool { true }
}

extension EnginePublisher {
    /// `receive(subscriber:)` of a Rivulet publisher: the subscriber gets a `DemandSubscription`
    /// over the engine stream.
    @inlinable
    func attachThroughEngine<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        DemandSubscription.attach(subscriber, to: engineStream())
    }
}

extension Publisher {
    /// This publisher as an engine `Observable`, for the Rx dialect (`Failure` becomes untyped).
    ///
    /// ```swift
    /// publisher.asObservable().subscribe(onNext: { print($0) })
    /// ```
    ///
    /// Free for a chain of Rivulet publishers: the observable is the engine stream the chain
    /// stands for, and `asObservable().asPublisher()` reaches it again. Any other publisher (or a
    /// chain with one upstream) is attached through `receive(subscriber:)` once per subscription,
    /// with a subscriber that requests `.unlimited` and passes every value on (see `Publisher`);
    /// it may call that subscriber from any thread, and its calls are serialised.
    @inlinable
    public func asObservable() -> Observable<Output> {
        exactEngineStream ?? ForeignPublisherBridge.observable(self)
    }

    /// This publisher's engine stream if it is engine-exact (see `EnginePublisher.isEngineExact`),
    /// otherwise `nil`: the engine path of `sink`, `assign` and `asObservable()`.
    @inlinable
    var exactEngineStream: Observable<Output>? {
        guard let linked = Self.self as? any EnginePublisher.Type else { return nil }
        return Self.exactEngineStream(of: self, as: linked)
    }

    /// Whether this publisher is a Rivulet publisher whose engine stream is exact (what an
    /// operator's `isEngineExact` asks of its upstream).
    @inlinable
    var isExactOnEngine: Bool {
        guard let linked = Self.self as? any EnginePublisher.Type else { return false }
        return Self.isEngineExact(self, as: linked)
    }

    /// `publisher`'s engine stream if it is exact, `Linked` being `Self` (so both casts succeed).
    /// The test is on the metatype, not the value: where `Self` is known the compiler folds both
    /// casts, the exactness and the call, with no existential box, and can keep the operators'
    /// observables on the stack.
    @inlinable
    static func exactEngineStream<Linked: EnginePublisher>(of publisher: Self, as _: Linked.Type) -> Observable<Output>?
    {
        guard let linked = publisher as? Linked, linked.isEngineExact else { return nil }
        return linked.engineStream() as? Observable<Output>
    }

    /// `publisher.isEngineExact`, `Linked` being `Self`.
    @inlinable
    static func isEngineExact<Linked: EnginePublisher>(_ publisher: Self, as _: Linked.Type) -> Bool {
        guard let linked = publisher as? Linked else { return false }
        return linked.isEngineExact
    }
}
