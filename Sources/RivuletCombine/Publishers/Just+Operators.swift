import Rivulet

// Combine's specialisations of operators on `Just`: the result is again a `Just` (or, on Linux,
// an `Optional.Publisher` or a `Result.Publisher`), computed at once, as in Combine: the closure
// runs when the operator is applied, not when a subscriber subscribes.

extension Just {
    /// A `Just` of `transform(output)` (the closure runs now).
    @inlinable
    public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

    /// This `Just`: it cannot fail.
    @inlinable
    public func replaceError(with output: Output) -> Just<Output> { self }

    /// This `Just`: it is never empty.
    @inlinable
    public func replaceEmpty(with output: Output) -> Just<Output> { self }

    /// This `Just`: it cannot fail, so there is nothing to retry.
    @inlinable
    public func retry(_ retries: Int) -> Just<Output> { self }

    /// A `Just` of the one value in an array.
    @inlinable
    public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

    /// A `Just` of 1.
    @inlinable
    public func count() -> Just<Int> { Just<Int>(1) }

    /// This `Just`: its value is the first.
    @inlinable
    public func first() -> Just<Output> { self }

    /// This `Just`: its value is the last.
    @inlinable
    public func last() -> Just<Output> { self }

    /// This `Just`: its value is the smallest.
    @inlinable
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// This `Just`: its value is the largest.
    @inlinable
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// A `Just` of whether the value satisfies `predicate` (which runs now).
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    /// A `Just` of whether the value satisfies `predicate` (which runs now).
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    /// An `Empty` that finishes: the value is ignored.
    @inlinable
    public func ignoreOutput() -> Empty<Output, Never> { Empty() }

    /// A `Just` of the value: there is nothing to compare it with.
    @inlinable
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    /// A `Publishers.Sequence` of `elements`, then the value.
    @inlinable
    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> { prepend(elements) }

    /// A `Publishers.Sequence` of `elements`, then the value.
    @inlinable
    public func prepend<Elements: Swift.Sequence>(_ elements: Elements) -> Publishers.Sequence<[Output], Never>
    where Elements.Element == Output {
        var joined: [Output] = []
        joined.reserveCapacity(elements.underestimatedCount + 1)
        joined.append(contentsOf: elements)
        joined.append(output)
        return Publishers.Sequence<[Output], Never>(sequence: joined)
    }

    /// A `Publishers.Sequence` of the value, then `elements`.
    @inlinable
    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> { append(elements) }

    /// A `Publishers.Sequence` of the value, then `elements`.
    @inlinable
    public func append<Elements: Swift.Sequence>(_ elements: Elements) -> Publishers.Sequence<[Output], Never>
    where Elements.Element == Output {
        var joined = [output]
        joined.append(contentsOf: elements)
        return Publishers.Sequence<[Output], Never>(sequence: joined)
    }
}

extension Just where Output: Equatable {
    /// This `Just`: one value has no duplicate.
    @inlinable
    public func removeDuplicates() -> Just<Output> { self }

    /// A `Just` of whether the value equals `output`.
    @inlinable
    public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }
}

extension Just where Output: Comparable {
    /// This `Just`: its value is the smallest.
    @inlinable
    public func min() -> Just<Output> { self }

    /// This `Just`: its value is the largest.
    @inlinable
    public func max() -> Just<Output> { self }
}

#if !canImport(Combine)
    // Linux only, like `Optional.Publisher` and `Result.Publisher` (see ResultOptionalPublishers.swift).
    extension Just {
        /// A `Result.Publisher` of `transform(output)`, or of its throw (the closure runs now).
        @inlinable
        public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Swift.Error>.Publisher {
            Result<T, Swift.Error> { try transform(output) }.publisher
        }

        /// A `Result.Publisher` of the value with the failure type `E` (a `Just` cannot fail, so
        /// `transform` never runs).
        @inlinable
        public func mapError<E: Swift.Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
            Result<Output, E>.Publisher(output)
        }

        /// A `Result.Publisher` of the value with the failure type `E`.
        @inlinable
        public func setFailureType<E: Swift.Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
            Result<Output, E>.Publisher(output)
        }

        /// An `Optional.Publisher` of the value if it satisfies `isIncluded` (which runs now).
        @inlinable
        public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(isIncluded(output) ? output : nil)
        }

        /// An `Optional.Publisher` of `transform(output)` (the closure runs now).
        @inlinable
        public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
            Optional<T>.Publisher(transform(output))
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, output)` (runs now).
        @inlinable
        public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
            Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, output)` (runs now).
        @inlinable
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
            Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
        }

        /// An `Optional.Publisher` that sends the value unless `count` is at least 1.
        @inlinable
        public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
            if count < 0 { Hooks.reportMisuse("dropFirst(\(count))", "count is negative; dropping no values") }
            return Optional<Output>.Publisher(count > 0 ? nil : output)
        }

        /// An `Optional.Publisher` that sends the value when `maxLength` is at least 1.
        @inlinable
        public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
            if maxLength < 0 {
                Hooks.reportMisuse("prefix(\(maxLength))", "maxLength is negative; finishing at once, as prefix(0)")
            }
            return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
        }

        /// A `Result.Publisher` of whether the value satisfies `predicate`, or of its throw (runs now).
        @inlinable
        public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Swift.Error>.Publisher {
            Result<Bool, Swift.Error> { try predicate(output) }.publisher
        }

        /// A `Result.Publisher` of whether the value satisfies `predicate`, or of its throw (runs now).
        @inlinable
        public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Swift.Error>.Publisher {
            Result<Bool, Swift.Error> { try predicate(output) }.publisher
        }

        /// An `Optional.Publisher` of the value unless it satisfies `predicate` (which runs now).
        @inlinable
        public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? nil : output)
        }

        /// An `Optional.Publisher` of the value if it satisfies `predicate` (which runs now).
        @inlinable
        public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? output : nil)
        }

        /// An `Optional.Publisher` of the value if it satisfies `predicate` (which runs now).
        @inlinable
        public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? output : nil)
        }

        /// An `Optional.Publisher` of the value if `index` is 0 (a negative index is misuse:
        /// reported, and nothing is sent).
        @inlinable
        public func output(at index: Int) -> Optional<Output>.Publisher {
            if index < 0 { Hooks.reportMisuse("output(at: \(index))", "index is negative; sending no value") }
            return Optional<Output>.Publisher(index == 0 ? output : nil)
        }

        /// An `Optional.Publisher` of the value if `range` starts at 0, as in Combine (also when
        /// it is empty).
        @inlinable
        public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
            Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
        }

        /// An `Optional.Publisher` of the value if it satisfies `predicate` (which runs now).
        @inlinable
        public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? output : nil)
        }

        /// A `Result.Publisher` of the value, or of the throw of `predicate`, which is asked
        /// once to compare the value with itself (as in Combine).
        @inlinable
        public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool)
            -> Result<Output, Swift.Error>.Publisher
        {
            Result<Output, Swift.Error> {
                _ = try predicate(output, output)
                return output
            }.publisher
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, output)`, or of its throw
        /// (runs now).
        @inlinable
        public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T)
            -> Result<T, Swift.Error>.Publisher
        {
            Result<T, Swift.Error> { try nextPartialResult(initialResult, output) }.publisher
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, output)`, or of its throw
        /// (runs now).
        @inlinable
        public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T)
            -> Result<T, Swift.Error>.Publisher
        {
            Result<T, Swift.Error> { try nextPartialResult(initialResult, output) }.publisher
        }
    }
#endif
