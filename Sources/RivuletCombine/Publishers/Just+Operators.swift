import Rivulet

// Combine's specialisations of operators on `Just`: the result is again a `Just` (or, on Linux,
// an `Optional.Publisher` or a `Result.Publisher`), computed at once, as in Combine: the closure
// runs when the operator is applied, not when a subscriber subscribes.

extension Just {
    /// A `Just` of `transform(output)` (the closure runs now).
    @inlinable
    public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

    /// This `Just`: one value has no duplicate.
    @inlinable
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

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
    }
#endif
