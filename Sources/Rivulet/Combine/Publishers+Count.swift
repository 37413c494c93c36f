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
    public struct Count<Upstream: Publisher>: Publisher {
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

        /// A count of `upstream`'s values, sent on completion: `reduce(0) { count, _ in count + 1 }`.
        @inlinable
        public func asObservable() -> Observable<Int> {
            upstream.asObservable().reduce(0) { count, _ in count + 1 }
        }
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}
