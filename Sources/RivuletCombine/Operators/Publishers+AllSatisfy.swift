import Rivulet

extension Publisher {
    /// Sends `false` and finishes (cancelling the upstream) at the first value for which
    /// `predicate` returns `false`; sends `true` if the upstream finishes without one (so `true`
    /// for an upstream that sent nothing).
    ///
    /// ```
    /// upstream:                  --2--4--5--6--|
    /// allSatisfy { $0 % 2 == 0 }: --------(false|)
    /// ```
    ///
    /// A failure before that is passed on.
    @inlinable
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// `allSatisfy` with a predicate that may throw: a throw fails the publisher with that error
    /// and cancels the upstream.
    @inlinable
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `allSatisfy(_:)` returns.
    public struct AllSatisfy<Upstream: Publisher>: Publisher, EnginePublisher {
        /// Whether every value satisfied `predicate`.
        public typealias Output = Bool
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher checked.
        public let upstream: Upstream
        /// The condition every value must meet.
        public let predicate: (Upstream.Output) -> Bool

        /// Checks `upstream`'s values against `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through an `AllSatisfy` subscription (see `ReduceSubscription`):
        /// the upstream is asked for everything and cancelled at the first value that fails
        /// `predicate`; the answer is sent, with `.finished`, once it is known and `subscriber` has
        /// asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Failure, Bool, Failure>(
                    downstream: .erase(subscriber), name: "AllSatisfy", initial: true, convertFailure: { $0 },
                    step: { result, value in
                        guard !predicate(value) else { return .proceed }
                        result = false
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `false` at the first value that fails, `true` on completion.
        @inlinable
        func engineStream() -> Observable<Bool> {
            upstream.asObservable()._combineDecide(predicate, decisive: false)
        }
    }

    /// The publisher `tryAllSatisfy(_:)` returns.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher, EnginePublisher {
        /// Whether every value satisfied `predicate`.
        public typealias Output = Bool
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher checked.
        public let upstream: Upstream
        /// The condition every value must meet; a throw fails the publisher.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Checks `upstream`'s values against `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through a `TryAllSatisfy` subscription (see `ReduceSubscription`):
        /// as `allSatisfy`, and a throw cancels the upstream and fails `subscriber` at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Upstream.Failure, Bool, Failure>(
                    downstream: .erase(subscriber), name: "TryAllSatisfy", initial: true, convertFailure: { $0 },
                    step: { result, value in
                        do {
                            guard try !predicate(value) else { return .proceed }
                        } catch {
                            return .fail(error)
                        }
                        result = false
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `false` at the first value that fails, `true` on completion.
        @inlinable
        func engineStream() -> Observable<Bool> {
            upstream.asObservable()._combineDecide(predicate, decisive: false)
        }
    }
}
