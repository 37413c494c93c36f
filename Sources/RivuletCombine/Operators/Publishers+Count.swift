import Rivulet

extension Publisher {
    /// Sends the number of values the upstream sent, when it finishes.
    ///
    /// ```
    /// upstream:  --a--b--c--|
    /// count():   -----------(3|)
    /// ```
    ///
    /// A failure is passed on instead of the count.
    @inlinable
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers {
    /// The publisher `count()` returns.
    public struct Count<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The number of values.
        public typealias Output = Int
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are counted.
        public let upstream: Upstream

        /// Counts `upstream`'s values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` through a `Count` subscription (see `ReduceSubscription`): the
        /// upstream is asked for everything; the count is sent, with `.finished`, once the upstream
        /// has finished and `subscriber` has asked for something.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReduceSubscription<Upstream.Output, Failure, Int, Failure>(
                    downstream: .erase(subscriber), name: "Count", initial: 0, convertFailure: { $0 },
                    step: { count, _ in
                        count = (count ?? 0) + 1
                        return .proceed
                    }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// A count of `upstream`'s values, sent on completion: `reduce(0) { count, _ in count + 1 }`.
        @inlinable
        func engineStream() -> Observable<Int> {
            upstream.asObservable().reduce(0) { count, _ in count + 1 }
        }
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}
