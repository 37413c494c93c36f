import Rivulet

extension Publisher {
    /// Drops values while `predicate` returns `true`; from the first value for which it returns
    /// `false` on, passes every value on without calling it again (the twin of Rx `skip(while:)`).
    ///
    /// ```
    /// upstream:                --1--2--3--1--|
    /// drop { $0 < 3 }:         --------3--1--|
    /// ```
    @inlinable
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// `drop(while:)` with a predicate that may throw: a throw fails the publisher with that error
    /// and cancels the upstream.
    @inlinable
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `drop(while:)` returns.
    public struct DropWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are dropped.
        public let upstream: Upstream
        /// `true` while values are dropped.
        public let predicate: (Output) -> Bool

        /// `upstream` without its leading values that satisfy `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` to `upstream` through a `DropWhile` subscription: demand passes
        /// through, and each value dropped asks the upstream for one more.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                DropWhileSubscription(
                    downstream: .erase(subscriber), name: "DropWhile", convertFailure: { $0 },
                    shouldDrop: { .success(predicate($0)) }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().skip(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().skip(while: predicate)
        }
    }

    /// The publisher `tryDrop(while:)` returns.
    public struct TryDropWhile<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher whose leading values are dropped.
        public let upstream: Upstream
        /// `true` while values are dropped; a throw fails the publisher.
        public let predicate: (Output) throws -> Bool

        /// `upstream` without its leading values that satisfy `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` to `upstream` through a `TryDropWhile` subscription: demand
        /// passes through, each value dropped asks the upstream for one more, a throw cancels the
        /// upstream (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                DropWhileSubscription(
                    downstream: .erase(subscriber), name: "TryDropWhile", convertFailure: { $0 },
                    shouldDrop: { value in Result { try predicate(value) } }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().skip(while: predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().skip(while: predicate)
        }
    }
}

/// The subscription of `drop(while:)` and `tryDrop(while:)` on the demand path (see
/// `DecidingSubscription`): values are dropped while `shouldDrop` says so, then all pass.
private final class DropWhileSubscription<Input, UpstreamFailure: Swift.Error, Failure: Swift.Error>:
    DecidingSubscription<Input, UpstreamFailure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `isDropping` is guarded by `lock`; the rest
    // is immutable.
    let name: String
    let shouldDrop: (Input) -> Result<Bool, Failure>
    /// Still dropping (the predicate has not said `false` yet).
    @exclusivity(unchecked) var isDropping = true

    init(
        downstream: DemandSubscriber<Input, Failure>, name: String,
        convertFailure: @escaping (UpstreamFailure) -> Failure, shouldDrop: @escaping (Input) -> Result<Bool, Failure>
    ) {
        self.name = name
        self.shouldDrop = shouldDrop
        super.init(downstream: downstream, convertFailure: convertFailure)
    }

    /// As Combine's `drop(while:)`: a cancel before the subscription is ignored.
    override var remembersEarlyCancel: Bool { false }

    override func decide(_ input: Input) -> ValueVerdict<Input, Failure> {
        if lock.withLock({ isDropping }) {
            switch shouldDrop(input) {
            case .success(true): return .drop
            case .success(false): lock.withLock { isDropping = false }
            case .failure(let failure): return .fail(failure)
            }
        }
        return .send(input)
    }

    override var description: String { name }
}
