import Rivulet

extension Publisher where Failure == Never {
    /// Gives a publisher that cannot fail the failure type `failureType`, so it can be combined
    /// with publishers that can. Nothing changes at run time.
    @inlinable
    public func setFailureType<NewFailure: Swift.Error>(
        to failureType: NewFailure.Type
    ) -> Publishers.SetFailureType<Self, NewFailure> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// The publisher `setFailureType(to:)` returns.
    public struct SetFailureType<Upstream: Publisher, Failure: Swift.Error>: Publisher, EnginePublisher
    where Upstream.Failure == Never {
        /// The upstream's output.
        public typealias Output = Upstream.Output

        /// The publisher that cannot fail.
        public let upstream: Upstream

        /// Retypes `upstream`.
        @inlinable
        public init(upstream: Upstream) { self.upstream = upstream }

        /// Attaches `subscriber` to `upstream` through a subscriber that only retypes the
        /// failure; `subscriber` receives the upstream's own subscription (Combine's
        /// `SetFailureType`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(SetFailureTypeSubscriber<Output, Failure>(downstream: .erase(subscriber)))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The upstream's own observable, unchanged.
        @inlinable
        func engineStream() -> Observable<Output> { upstream.asObservable() }
    }
}

/// `setFailureType`'s subscriber on the demand path: transparent; an upstream that cannot fail
/// only finishes.
private final class SetFailureTypeSubscriber<Input, Failure: Swift.Error>: DemandSubscriber<Input, Never> {
    let downstream: DemandSubscriber<Input, Failure>

    init(downstream: DemandSubscriber<Input, Failure>) {
        self.downstream = downstream
    }

    override func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

    override func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }

    override func receive(completion: Subscribers.Completion<Never>) {
        downstream.receive(completion: .finished)
    }

    override var description: String { "SetFailureType" }
}
