extension Publisher {
    /// Sends the first `maxLength` values, then finishes and cancels the upstream (the twin of Rx
    /// `take(_:)`).
    ///
    /// ```
    /// upstream:    --1--2--3--4--|
    /// prefix(2):   --1--2|
    /// ```
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        Publishers.Output(upstream: self, range: 0..<Swift.max(0, maxLength))
    }
}

extension Publishers {
    /// The publisher `prefix(_:)` returns: the values of `upstream` whose index is in `range`
    /// (`prefix` uses `0..<maxLength`).
    public struct Output<Upstream: Publisher>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher limited.
        public let upstream: Upstream
        /// The indices of the values sent.
        public let range: CountableRange<Int>

        /// The values of `upstream` in `range`.
        @inlinable
        public init(upstream: Upstream, range: CountableRange<Int>) {
            self.upstream = upstream
            self.range = range
        }

        /// `upstream.asObservable().skip(range.lowerBound).take(range.count)`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            let source = upstream.asObservable()
            let skipped = range.lowerBound > 0 ? source.skip(range.lowerBound) : source
            return skipped.take(range.count)
        }
    }
}
