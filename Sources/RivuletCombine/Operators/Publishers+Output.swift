import Rivulet

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

    /// Sends only the value at `index` (counting from 0), then finishes and cancels the upstream
    /// (the twin of Rx `skip(index).take(1)`).
    ///
    /// ```
    /// upstream:      --a--b--c--d--|
    /// output(at: 1): -----(b|)
    /// ```
    ///
    /// Finishes without a value if the upstream finishes first. A negative index sends nothing.
    @inlinable
    public func output(at index: Int) -> Publishers.Output<Self> {
        if index < 0 { return Publishers.Output(upstream: self, range: 0..<0) }
        return Publishers.Output(upstream: self, range: index..<(index == Int.max ? index : index + 1))
    }

    /// Sends only the values whose index (counting from 0) is in `range`, then finishes and
    /// cancels the upstream after the last one.
    ///
    /// ```
    /// upstream:          --a--b--c--d--|
    /// output(in: 1...2): -----b--(c|)
    /// ```
    ///
    /// Open ranges work (`output(in: 2...)`); the part of `range` below 0 is ignored.
    @inlinable
    public func output<Range: RangeExpression>(in range: Range) -> Publishers.Output<Self> where Range.Bound == Int {
        let bounds = range.relative(to: 0..<Int.max)
        let lower = Swift.max(0, bounds.lowerBound)
        return Publishers.Output(upstream: self, range: lower..<Swift.max(lower, bounds.upperBound))
    }
}

extension Publishers {
    /// The publisher `prefix(_:)`, `output(at:)` and `output(in:)` return: the values of
    /// `upstream` whose index is in `range` (`prefix` uses `0..<maxLength`).
    public struct Output<Upstream: Publisher>: Publisher, EnginePublisher {
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

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().skip(range.lowerBound).take(range.count)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            let source = upstream.asObservable()
            let skipped = range.lowerBound > 0 ? source.skip(range.lowerBound) : source
            return skipped.take(range.count)
        }
    }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}
