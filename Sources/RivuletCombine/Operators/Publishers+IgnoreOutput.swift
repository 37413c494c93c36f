import Rivulet

extension Publisher {
    /// Drops every value and passes on only the completion (the twin of Rx `ignoreElements()`).
    ///
    /// ```
    /// upstream:        --1--2--3--|
    /// ignoreOutput():  -----------|
    /// ```
    @inlinable
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// The publisher `ignoreOutput()` returns: it never sends a value.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher, EnginePublisher {
        /// No value is ever sent.
        public typealias Output = Never
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose completion is passed on.
        public let upstream: Upstream

        /// The completion of `upstream`, without its values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that drops every value:
        /// `subscriber` receives the upstream's own subscription, then the upstream is asked for
        /// everything (Combine's `IgnoreOutput`); the completion passes on.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(IgnoreOutputSubscriber<Upstream.Output, Failure>(downstream: .erase(subscriber)))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().ignoreElements()`.
        @inlinable
        func engineStream() -> Observable<Never> {
            upstream.asObservable().ignoreElements()
        }
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

/// `ignoreOutput`'s subscriber on the demand path: it hands each subscription it receives on,
/// then requests `.unlimited` from it; values are dropped (asking for nothing more); completions
/// pass on.
private final class IgnoreOutputSubscriber<Input, Failure: Swift.Error>: DemandSubscriber<Input, Failure> {
    let downstream: DemandSubscriber<Never, Failure>

    init(downstream: DemandSubscriber<Never, Failure>) {
        self.downstream = downstream
    }

    override func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
        subscription.request(.unlimited)
    }

    override func receive(_ input: Input) -> Subscribers.Demand { .none }

    override func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }

    override var description: String { "IgnoreOutput" }
}
