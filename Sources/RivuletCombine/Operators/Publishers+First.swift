import Rivulet

extension Publisher {
    /// Sends the first value and finishes, cancelling the upstream (the twin of Rx `take(1)`).
    ///
    /// ```
    /// upstream:  --1--2--3--|
    /// first():   --(1|)
    /// ```
    ///
    /// Finishes without a value if the upstream finishes first; a failure before the first value
    /// is passed on.
    @inlinable
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Sends the first value for which `predicate` returns `true` and finishes, cancelling the
    /// upstream (the twin of Rx `filter(predicate).take(1)`).
    ///
    /// ```
    /// upstream:                  --1--2--3--4--|
    /// first { $0 % 2 == 0 }:     -----(2|)
    /// ```
    @inlinable
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// `first(where:)` with a predicate that may throw: a throw fails the publisher with that
    /// error and cancels the upstream.
    @inlinable
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `first()` returns.
    public struct First<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first value is sent.
        public let upstream: Upstream

        /// The first of `upstream`'s values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` through a `First` subscription (see `ReduceSubscription`): the
        /// upstream is asked for everything and cancelled at the first value, which is sent, with
        /// `.finished`, once `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReduceSubscription<Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "First", initial: nil, convertFailure: { $0 },
                    step: { result, value in
                        result = value
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().take(1)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().take(1)
        }
    }

    /// The publisher `first(where:)` returns.
    public struct FirstWhere<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// `true` for the value to send.
        public let predicate: (Output) -> Bool

        /// The first of `upstream`'s values that satisfies `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through Combine's `TryFirst` subscription (see
        /// `ReduceSubscription`): the upstream is asked for everything and cancelled at the first
        /// value that satisfies `predicate`, which is sent once `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "TryFirst", initial: nil, convertFailure: { $0 },
                    step: { result, value in
                        guard predicate(value) else { return .proceed }
                        result = value
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().filter(predicate).take(1)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().filter(predicate).take(1)
        }
    }

    /// The publisher `tryFirst(where:)` returns.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher searched.
        public let upstream: Upstream
        /// `true` for the value to send; a throw fails the publisher.
        public let predicate: (Output) throws -> Bool

        /// The first of `upstream`'s values that satisfies `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through a `TryFirstWhere` subscription (see `ReduceSubscription`):
        /// as `first(where:)`, and a throw cancels the upstream and fails `subscriber` at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Output, Upstream.Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "TryFirstWhere", initial: nil, convertFailure: { $0 },
                    step: { result, value in
                        do {
                            guard try predicate(value) else { return .proceed }
                        } catch {
                            return .fail(error)
                        }
                        result = value
                        return .finish
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().filter(predicate).take(1)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().filter(predicate).take(1)
        }
    }
}

extension Publishers.First: Equatable where Upstream: Equatable {}
