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
    /// Free for Rivulet's publishers: the observable is the engine stream the publisher stands
    /// for, and `asObservable().asPublisher()` reaches it again. Any other publisher is attached
    /// through `receive(subscriber:)` once per subscription, with a subscriber that requests
    /// `.unlimited` and passes every value on (see `Publisher`); it may call that subscriber from
    /// any thread, and its calls are serialised.
    @inlinable
    public func asObservable() -> Observable<Output> {
        if let linked = Self.self as? any EnginePublisher.Type, let stream = Self.engineStream(of: self, as: linked) {
            return stream
        }
        return ForeignPublisherBridge.observable(self)
    }

    /// `publisher`'s engine stream, `Linked` being `Self` (so both casts succeed). The test is on
    /// the metatype, not the value: where `Self` is known the compiler folds both casts and the
    /// call, with no existential box, and can keep the operators' observables on the stack.
    @inlinable
    static func engineStream<Linked: EnginePublisher>(of publisher: Self, as _: Linked.Type) -> Observable<Output>? {
        guard let linked = publisher as? Linked else { return nil }
        return linked.engineStream() as? Observable<Output>
    }
}
