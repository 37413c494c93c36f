import Rivulet

extension Publisher where Output: Equatable {
    /// Sends `true` and finishes (cancelling the upstream) at the first value equal to `output`;
    /// sends `false` if the upstream finishes without one.
    ///
    /// ```
    /// upstream:      --1--2--3--4--|
    /// contains(2):   -----(true|)
    /// ```
    ///
    /// A failure before a match is passed on.
    @inlinable
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Sends `true` and finishes (cancelling the upstream) at the first value for which
    /// `predicate` returns `true`; sends `false` if the upstream finishes without one.
    @inlinable
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// `contains(where:)` with a predicate that may throw: a throw fails the publisher with that
    /// error and cancels the upstream.
    @inlinable
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `contains(_:)` returns.
    public struct Contains<Upstream: Publisher>: Publisher, EnginePublisher where Upstream.Output: Equatable {
        /// Whether a value equal to `output` arrived.
        public typealias Output = Bool
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// The value looked for.
        public let output: Upstream.Output

        /// Looks for `output` among `upstream`'s values.
        @inlinable
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` through a `Contains` subscription (see `ReduceSubscription`): the
        /// upstream is asked for everything and cancelled at the first match; the answer is sent,
        /// with `.finished`, once it is known and `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Failure, Bool, Failure>(
                    downstream: .erase(subscriber), name: "Contains", initial: false, convertFailure: { $0 },
                    step: { result, value in
                        guard value == output else { return .proceed }
                        result = true
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `true` at the first match, `false` on completion: `contains(where:)`'s fold with `==`.
        @inlinable
        func engineStream() -> Observable<Bool> {
            let output = self.output
            return upstream.asObservable()._combineDecide({ $0 == output }, decisive: true)
        }
    }

    /// The publisher `contains(where:)` returns.
    public struct ContainsWhere<Upstream: Publisher>: Publisher, EnginePublisher {
        /// Whether a value satisfying `predicate` arrived.
        public typealias Output = Bool
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// `true` for the value looked for.
        public let predicate: (Upstream.Output) -> Bool

        /// Looks for a value satisfying `predicate` among `upstream`'s values.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through a `ContainsWhere` subscription (see `ReduceSubscription`):
        /// as `contains(_:)`, matching with `predicate`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Failure, Bool, Failure>(
                    downstream: .erase(subscriber), name: "ContainsWhere", initial: false, convertFailure: { $0 },
                    step: { result, value in
                        guard predicate(value) else { return .proceed }
                        result = true
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `true` at the first match, `false` on completion.
        @inlinable
        func engineStream() -> Observable<Bool> {
            upstream.asObservable()._combineDecide(predicate, decisive: true)
        }
    }

    /// The publisher `tryContains(where:)` returns.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher, EnginePublisher {
        /// Whether a value satisfying `predicate` arrived.
        public typealias Output = Bool
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher searched.
        public let upstream: Upstream
        /// `true` for the value looked for; a throw fails the publisher.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Looks for a value satisfying `predicate` among `upstream`'s values.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through a `TryContainsWhere` subscription (see
        /// `ReduceSubscription`): as `contains(where:)`, and a throw cancels the upstream and fails
        /// `subscriber` at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Upstream.Failure, Bool, Failure>(
                    downstream: .erase(subscriber), name: "TryContainsWhere", initial: false, convertFailure: { $0 },
                    step: { result, value in
                        do {
                            guard try predicate(value) else { return .proceed }
                        } catch {
                            return .fail(error)
                        }
                        result = true
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `true` at the first match, `false` on completion.
        @inlinable
        func engineStream() -> Observable<Bool> {
            upstream.asObservable()._combineDecide(predicate, decisive: true)
        }
    }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}
