import Rivulet

extension Publisher {
    /// Sends the last value when the upstream finishes (nothing if it sent none).
    ///
    /// ```
    /// upstream:  --1--2--3--|
    /// last():    -----------(3|)
    /// ```
    ///
    /// A failure is passed on instead.
    @inlinable
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Sends the last value for which `predicate` returned `true`, when the upstream finishes
    /// (nothing if there was none).
    ///
    /// ```
    /// upstream:              --1--2--3--4--5--|
    /// last { $0 % 2 == 0 }:  -----------------(4|)
    /// ```
    @inlinable
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// `last(where:)` with a predicate that may throw: a throw fails the publisher with that
    /// error and cancels the upstream.
    @inlinable
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// The publisher `last()` returns.
    public struct Last<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose last value is sent.
        public let upstream: Upstream

        /// The last of `upstream`'s values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` through a `Last` subscription (see `ReduceSubscription`): the
        /// upstream is asked for everything; the last value is sent, with `.finished`, once the
        /// upstream has finished and `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReduceSubscription<Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "Last", initial: nil, convertFailure: { $0 },
                    step: { result, value in
                        result = value
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The latest value, sent on completion: `last(where:)`'s fold with every value counting.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineLast(where: { _ in true })
        }
    }

    /// The publisher `last(where:)` returns.
    public struct LastWhere<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// `true` for the values that count.
        public let predicate: (Output) -> Bool

        /// The last of `upstream`'s values that satisfies `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through a `LastWhere` subscription (see `ReduceSubscription`): as
        /// `last()`, counting only the values that satisfy `predicate`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "LastWhere", initial: nil, convertFailure: { $0 },
                    step: { result, value in
                        if predicate(value) { result = value }
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The latest matching value, sent on completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineLast(where: predicate)
        }
    }

    /// The publisher `tryLast(where:)` returns.
    public struct TryLastWhere<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing predicate can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher searched.
        public let upstream: Upstream
        /// `true` for the values that count; a throw fails the publisher.
        public let predicate: (Output) throws -> Bool

        /// The last of `upstream`'s values that satisfies `predicate`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through a `TryLastWhere` subscription (see `ReduceSubscription`):
        /// as `last(where:)`, and a throw cancels the upstream and fails `subscriber` at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReduceSubscription<Output, Upstream.Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "TryLastWhere", initial: nil, convertFailure: { $0 },
                    step: { result, value in
                        do {
                            if try predicate(value) { result = value }
                            return .proceed
                        } catch {
                            return .fail(error)
                        }
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The latest matching value, sent on completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineLast(where: predicate)
        }
    }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}
