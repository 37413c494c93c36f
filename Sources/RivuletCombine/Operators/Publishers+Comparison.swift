import Rivulet

extension Publisher where Output: Comparable {
    /// Sends the smallest value when the upstream finishes (nothing if it sent none).
    ///
    /// ```
    /// upstream:  --3--1--2--|
    /// min():     -----------(1|)
    /// ```
    ///
    /// Of equal values, the first is sent. A failure is passed on instead.
    @inlinable
    public func min() -> Publishers.Comparison<Self> {
        min(by: <)
    }

    /// Sends the largest value when the upstream finishes (nothing if it sent none).
    ///
    /// ```
    /// upstream:  --3--1--2--|
    /// max():     -----------(3|)
    /// ```
    ///
    /// Of equal values, the first is sent. A failure is passed on instead.
    @inlinable
    public func max() -> Publishers.Comparison<Self> {
        max(by: <)
    }
}

extension Publisher {
    /// Sends the smallest value by `areInIncreasingOrder` when the upstream finishes (nothing if
    /// it sent none); of equal values, the first.
    @inlinable
    public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Sends the largest value by `areInIncreasingOrder` when the upstream finishes (nothing if
    /// it sent none); of equal values, the first.
    @inlinable
    public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// `min(by:)` with an ordering that may throw: a throw fails the publisher with that error
    /// and cancels the upstream.
    @inlinable
    public func tryMin(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
    }

    /// `max(by:)` with an ordering that may throw: a throw fails the publisher with that error
    /// and cancels the upstream.
    @inlinable
    public func tryMax(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }
}

extension Publishers {
    /// The publisher `min` and `max` return: the largest value by `areInIncreasingOrder` (`min`
    /// passes the reversed ordering), sent when the upstream finishes.
    public struct Comparison<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher compared.
        public let upstream: Upstream
        /// `true` when the first value orders before the second.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// The largest of `upstream`'s values by `areInIncreasingOrder`.
        @inlinable
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber` through a `Comparison` subscription (see `ReduceSubscription`):
        /// the upstream is asked for everything; the largest value is sent, with `.finished`, once
        /// the upstream has finished and `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let areInIncreasingOrder = self.areInIncreasingOrder
            upstream.subscribe(
                ReduceSubscription<Output, Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "Comparison", initial: nil, convertFailure: { $0 },
                    step: { largest, value in
                        if let current = largest, !areInIncreasingOrder(current, value) { return .proceed }
                        largest = value
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The largest value so far (replaced only by a larger one), sent on completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineLargest(by: areInIncreasingOrder)
        }
    }

    /// The publisher `tryMin` and `tryMax` return.
    public struct TryComparison<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// A throwing ordering can fail with any error.
        public typealias Failure = Swift.Error

        /// The publisher compared.
        public let upstream: Upstream
        /// `true` when the first value orders before the second; a throw fails the publisher.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        /// The largest of `upstream`'s values by `areInIncreasingOrder`.
        @inlinable
        public init(
            upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber` through a `TryComparison` subscription (see
        /// `ReduceSubscription`): as `Comparison`, and a throw cancels the upstream and fails
        /// `subscriber` at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let areInIncreasingOrder = self.areInIncreasingOrder
            upstream.subscribe(
                ReduceSubscription<Output, Upstream.Failure, Output, Failure>(
                    downstream: .erase(subscriber), name: "TryComparison", initial: nil, convertFailure: { $0 },
                    step: { largest, value in
                        do {
                            if let current = largest, try !areInIncreasingOrder(current, value) { return .proceed }
                        } catch {
                            return .fail(error)
                        }
                        largest = value
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The largest value so far (replaced only by a larger one), sent on completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineLargest(by: areInIncreasingOrder)
        }
    }
}
