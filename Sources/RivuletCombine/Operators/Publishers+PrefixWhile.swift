import Rivulet

extension Publisher {
    /// Passes values on while `predicate` returns `true`; at the first value for which it returns
    /// `false`, finishes and cancels the upstream (the twin of Rx `take(while:)`).
    ///
    /// ```
    /// upstream:            --1--2--3--4--|
    /// prefix { $0 < 3 }:   --1--2--|
    /// ```
    @inlinable
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// `prefix(while:)` with a predicate that may throw: a throw fails the publisher with that
    /// error and cancels the upstream.
    @inlinable
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `prefix(while:)` returns.
    public struct PrefixWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are passed on.
        public let upstream: Upstream
        /// `true` while values are passed on.
        public let predicate: (Output) -> Bool

        /// The leading values of `upstream` that satisfy `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` to `upstream` through a `PrefixWhile` subscription: demand
        /// passes through; the first value that fails `predicate` cancels the upstream (once) and
        /// finishes `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                PrefixWhileSubscription(
                    downstream: .erase(subscriber), name: "PrefixWhile", convertFailure: { $0 },
                    shouldPass: { .success(predicate($0)) }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().take(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().take(while: predicate)
        }
    }

    /// The publisher `tryPrefix(while:)` returns.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher whose leading values are passed on.
        public let upstream: Upstream
        /// `true` while values are passed on; a throw fails the publisher.
        public let predicate: (Output) throws -> Bool

        /// The leading values of `upstream` that satisfy `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` to `upstream` through a `TryPrefixWhile` subscription: demand
        /// passes through; the first value that fails `predicate` cancels the upstream (once) and
        /// finishes `subscriber`, a throw cancels it and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                PrefixWhileSubscription(
                    downstream: .erase(subscriber), name: "TryPrefixWhile", convertFailure: { $0 },
                    shouldPass: { value in Result { try predicate(value) } }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().take(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().take(while: predicate)
        }
    }
}

/// The subscription of `prefix(while:)` and `tryPrefix(while:)` on the demand path (see
/// `DecidingSubscription`): values pass while `shouldPass` says so; the first that does not ends
/// the subscription (upstream cancelled, downstream finished).
private final class PrefixWhileSubscription<Input, UpstreamFailure: Swift.Error, Failure: Swift.Error>:
    DecidingSubscription<Input, UpstreamFailure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; immutable otherwise.
    let name: String
    let shouldPass: (Input) -> Result<Bool, Failure>

    init(
        downstream: DemandSubscriber<Input, Failure>, name: String,
        convertFailure: @escaping (UpstreamFailure) -> Failure, shouldPass: @escaping (Input) -> Result<Bool, Failure>
    ) {
        self.name = name
        self.shouldPass = shouldPass
        super.init(downstream: downstream, convertFailure: convertFailure)
    }

    override func decide(_ input: Input) -> ValueVerdict<Input, Failure> {
        switch shouldPass(input) {
        case .success(true): return .send(input)
        case .success(false): return .finish
        case .failure(let failure): return .fail(failure)
        }
    }

    override var description: String { name }

    override var customMirror: Mirror { Mirror(self, children: [("downstream", downstream.reflected)]) }
}
