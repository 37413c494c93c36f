import Rivulet

extension Publisher where Output: Equatable {
    /// Drops each value equal to the one sent just before it (the twin of Rx
    /// `distinctUntilChanged()`).
    ///
    /// ```
    /// upstream:            --1--1--2--2--1--|
    /// removeDuplicates():  --1-----2-----1--|
    /// ```
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Drops each value for which `predicate(previous, value)` returns `true` (the twin of Rx
    /// `distinctUntilChanged(_:)`).
    @inlinable
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self>
    {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `removeDuplicates` returns.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher filtered.
        public let upstream: Upstream
        /// `true` when the second value duplicates the first.
        public let predicate: (Output, Output) -> Bool

        /// A publisher that drops consecutive duplicates of `upstream` by `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` to `upstream` through a `RemoveDuplicates` subscription: demand
        /// passes through, and a dropped duplicate asks the upstream for one more.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                RemoveDuplicatesSubscription(
                    downstream: .erase(subscriber), name: "RemoveDuplicates", convertFailure: { $0 },
                    isDuplicate: { .success(predicate($0, $1)) }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().distinctUntilChanged(predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().distinctUntilChanged(predicate)
        }
    }
}

extension Publisher {
    /// `removeDuplicates(by:)` with a predicate that may throw: a throw fails the publisher with
    /// that error and cancels the upstream.
    @inlinable
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `tryRemoveDuplicates(by:)` returns.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher filtered.
        public let upstream: Upstream
        /// `true` when the second value duplicates the first; a throw fails the publisher.
        public let predicate: (Output, Output) throws -> Bool

        /// A publisher that drops consecutive duplicates of `upstream` by `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` to `upstream` through a `TryRemoveDuplicates` subscription:
        /// demand passes through, a dropped duplicate asks the upstream for one more, a throw
        /// cancels the upstream (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                RemoveDuplicatesSubscription(
                    downstream: .erase(subscriber), name: "TryRemoveDuplicates", convertFailure: { $0 },
                    isDuplicate: { last, value in Result { try predicate(last, value) } }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().distinctUntilChanged(predicate)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().distinctUntilChanged(predicate)
        }
    }
}

/// The subscription of `removeDuplicates` and `tryRemoveDuplicates` on the demand path (see
/// `DecidingSubscription`): the first value passes, then each value passes unless `isDuplicate`
/// says it duplicates the last one that passed.
private final class RemoveDuplicatesSubscription<Input, UpstreamFailure: Swift.Error, Failure: Swift.Error>:
    DecidingSubscription<Input, UpstreamFailure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `last` is guarded by `lock` (read, then
    // written back, never held while the closure runs); the rest is immutable.
    let name: String
    let isDuplicate: (Input, Input) -> Result<Bool, Failure>
    /// The last value passed on.
    @exclusivity(unchecked) var last: Input?

    init(
        downstream: DemandSubscriber<Input, Failure>, name: String,
        convertFailure: @escaping (UpstreamFailure) -> Failure,
        isDuplicate: @escaping (Input, Input) -> Result<Bool, Failure>
    ) {
        self.name = name
        self.isDuplicate = isDuplicate
        super.init(downstream: downstream, convertFailure: convertFailure)
    }

    override func decide(_ input: Input) -> ValueVerdict<Input, Failure> {
        if let last = lock.withLock({ last }) {
            switch isDuplicate(last, input) {
            case .success(true): return .drop
            case .success(false): break
            case .failure(let failure): return .fail(failure)
            }
        }
        lock.withLock { last = input }
        return .send(input)
    }

    override var description: String { name }

    override var customMirror: Mirror {
        Mirror(self, children: [("downstream", downstream.reflected), ("last", lock.withLock { last } as Any)])
    }
}
