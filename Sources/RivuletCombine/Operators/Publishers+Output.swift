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
        if maxLength < 0 {
            Hooks.reportMisuse("prefix(\(maxLength))", "maxLength is negative; finishing at once, as prefix(0)")
        }
        return Publishers.Output(upstream: self, range: 0..<Swift.max(0, maxLength))
    }

    /// Sends only the value at `index` (counting from 0), then finishes and cancels the upstream
    /// (the twin of Rx `skip(index).take(1)`).
    ///
    /// ```
    /// upstream:      --a--b--c--d--|
    /// output(at: 1): -----(b|)
    /// ```
    ///
    /// Finishes without a value if the upstream finishes first. A negative index sends nothing and is reported
    /// to `Hooks.misuseHandler` of the `Rivulet` module (Combine stops the program).
    @inlinable
    public func output(at index: Int) -> Publishers.Output<Self> {
        if index < 0 {
            Hooks.reportMisuse("output(at: \(index))", "index is negative; finishing without a value")
            return Publishers.Output(upstream: self, range: 0..<0)
        }
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

        /// Attaches `subscriber` to `upstream` through an `Output` subscription: demand passes
        /// through; each value before `range` asks the upstream for one more (`.max(1)`); the last
        /// value of `range` is sent, then the upstream is cancelled (once) and `subscriber`
        /// finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(OutputSubscription(downstream: .erase(subscriber), range: range))
        }

        /// Exact when the upstream is and `range` is not empty (an empty range ends at the first
        /// value, as in Combine; the engine's `take(0)` ends at once).
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine && !range.isEmpty }

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

/// The subscription of `prefix(_:)`, `output(at:)` and `output(in:)` on the demand path. It stands
/// between, as Combine's does: requests pass through to the upstream while the subscription is
/// live (the operator does not cap them: the downstream's demand is the upstream's); a value
/// before the range returns `.max(1)` (it replaces the value it dropped), a value in it is passed
/// on (returning the downstream's demand). The last value of the range is followed by a cancel of
/// the upstream (once) and `.finished`; with an empty range, the first value does that instead of
/// being passed on. Values and completions before the subscription and after the end are ignored.
private final class OutputSubscription<Input, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `toSkip` and `toSend` are guarded by `lock`.
    /// Values still to drop before the range.
    @exclusivity(unchecked) var toSkip: Int
    /// Values of the range still to send.
    @exclusivity(unchecked) var toSend: Int

    init(downstream: DemandSubscriber<Input, Failure>, range: CountableRange<Int>) {
        toSkip = range.lowerBound
        toSend = range.count
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed else {
            lock.unlock()
            return .none
        }
        if toSkip > 0 {
            toSkip -= 1
            lock.unlock()
            return .max(1)
        }
        guard toSend > 0 else {
            lock.unlock()
            endEarly(.finished)
            return .none
        }
        toSend -= 1
        let isLast = toSend == 0
        lock.unlock()
        let demand = downstream.receive(input)
        if isLast { endEarly(.finished) }
        return demand
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        finishFromUpstream(completion)
    }

    override var description: String { "Output" }
}
