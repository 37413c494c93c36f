import Rivulet

// Combine's specialisations of operators on `Publishers.Sequence`: the result is again a
// `Publishers.Sequence` over the transformed sequence (an array, or a lazy wrapper of the
// original), so `[1, 2, 3].publisher.map { $0 * 2 }` is a `Publishers.Sequence<[Int], Never>`.
// The closures run when the operator is applied (once per element, as Combine does).

extension Publishers.Sequence {
    /// A `Publishers.Sequence` of the transformed elements.
    @inlinable
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
    }

    /// A `Publishers.Sequence` of the elements that satisfy `isIncluded`.
    @inlinable
    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
    }

    /// A `Publishers.Sequence` of the transformed elements that are not `nil`.
    @inlinable
    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    /// A `Publishers.Sequence` without the first `count` elements.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        if count < 0 { Hooks.reportMisuse("dropFirst(\(count))", "count is negative; dropping no values") }
        return Publishers.Sequence<DropFirstSequence<Elements>, Failure>(
            sequence: sequence.dropFirst(Swift.max(0, count)))
    }

    /// A `Publishers.Sequence` of the first `maxLength` elements.
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        if maxLength < 0 {
            Hooks.reportMisuse("prefix(\(maxLength))", "maxLength is negative; finishing at once, as prefix(0)")
        }
        return Publishers.Sequence<PrefixSequence<Elements>, Failure>(
            sequence: sequence.prefix(Swift.max(0, maxLength)))
    }

    /// A `Publishers.Sequence` of the elements after those that satisfy `predicate`.
    @inlinable
    public func drop(while predicate: (Elements.Element) -> Bool)
        -> Publishers.Sequence<DropWhileSequence<Elements>, Failure>
    {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    /// A `Publishers.Sequence` of the elements before the first that does not satisfy `predicate`.
    @inlinable
    public func prefix(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure>
    {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence.prefix(while: predicate)))
    }

    /// A `Publishers.Sequence` of the running results of `nextPartialResult`.
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Elements.Element) -> T)
        -> Publishers.Sequence<
            [T], Failure
        >
    {
        var running = initialResult
        var results: [T] = []
        for element in sequence {
            running = nextPartialResult(running, element)
            results.append(running)
        }
        return Publishers.Sequence<[T], Failure>(sequence: results)
    }

    /// An `Empty` that finishes: the elements are ignored.
    @inlinable
    public func ignoreOutput() -> Empty<Elements.Element, Failure> { Empty() }

    /// A `Publishers.Sequence` of the elements with `output` in place of each `nil`.
    @inlinable
    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure>
    where Elements.Element == T? {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
    }

    /// The same elements with the failure type `E` (nothing can fail).
    @inlinable
    public func setFailureType<E: Swift.Error>(to failureType: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    /// A `Publishers.Sequence` of `elements`, then these elements.
    @inlinable
    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    /// A `Publishers.Sequence` of `elements`, then these elements.
    @inlinable
    public func prepend<Other: Swift.Sequence>(_ elements: Other) -> Publishers.Sequence<Elements, Failure>
    where Other.Element == Elements.Element {
        var joined = Elements()
        joined.reserveCapacity(sequence.count + elements.underestimatedCount)
        joined.append(contentsOf: elements)
        joined.append(contentsOf: sequence)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// A `Publishers.Sequence` of `publisher`'s elements, then these elements.
    @inlinable
    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        var joined = publisher.sequence
        joined.append(contentsOf: sequence)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// A `Publishers.Sequence` of these elements, then `elements`.
    @inlinable
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    /// A `Publishers.Sequence` of these elements, then `elements`.
    @inlinable
    public func append<Other: Swift.Sequence>(_ elements: Other) -> Publishers.Sequence<Elements, Failure>
    where Other.Element == Elements.Element {
        var joined = sequence
        joined.append(contentsOf: elements)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// A `Publishers.Sequence` of these elements, then `publisher`'s.
    @inlinable
    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }
}

extension Publishers.Sequence where Elements: Collection {
    /// A `Publishers.Sequence` of the elements at the positions of `range` that exist.
    @inlinable
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        let clamped = range.clamped(to: sequence.startIndex..<sequence.endIndex)
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[clamped]))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    /// A `Just` of the number of elements.
    @inlinable
    public func count() -> Just<Int> { Just(sequence.count) }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    /// A `Publishers.Sequence` without consecutive repeated elements.
    @inlinable
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last != element { kept.append(element) }
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: kept)
    }
}

#if !canImport(Combine)
    // Linux only: these return `Result.Publisher` or `Optional.Publisher`, which exist only there
    // (see ResultOptionalPublishers.swift).
    extension Publishers.Sequence {
        /// A `Result.Publisher` of whether every element satisfies `predicate` (runs now).
        @inlinable
        public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
        }

        /// A `Result.Publisher` of whether every element satisfies `predicate`, or of its throw
        /// (runs now).
        @inlinable
        public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Swift.Error>.Publisher
        {
            Result<Bool, Swift.Error> { try sequence.allSatisfy(predicate) }.publisher
        }

        /// A `Result.Publisher` of all the elements in an array.
        @inlinable
        public func collect() -> Result<[Elements.Element], Failure>.Publisher {
            Result<[Elements.Element], Failure>.Publisher(Array(sequence))
        }

        /// A `Result.Publisher` of whether an element satisfies `predicate` (runs now).
        @inlinable
        public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
        }

        /// A `Result.Publisher` of whether an element satisfies `predicate`, or of its throw
        /// (runs now).
        @inlinable
        public func tryContains(where predicate: (Elements.Element) throws -> Bool)
            -> Result<Bool, Swift.Error>.Publisher
        {
            Result<Bool, Swift.Error> { try sequence.contains(where: predicate) }.publisher
        }

        /// A `Result.Publisher` of the elements folded with `nextPartialResult` (runs now).
        @inlinable
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T)
            -> Result<T, Failure>.Publisher
        {
            Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
        }

        /// A `Result.Publisher` of the elements folded with `nextPartialResult`, or of its throw
        /// (runs now).
        @inlinable
        public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) throws -> T)
            -> Result<T, Swift.Error>.Publisher
        {
            Result<T, Swift.Error> { try sequence.reduce(initialResult, nextPartialResult) }.publisher
        }
    }

    extension Publishers.Sequence where Elements.Element: Equatable {
        /// A `Result.Publisher` of whether an element equals `output`.
        @inlinable
        public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(sequence.contains(output))
        }
    }

    extension Publishers.Sequence where Failure == Never {
        /// An `Optional.Publisher` of the smallest element, if any.
        @inlinable
        public func min(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool)
            -> Optional<Elements.Element>.Publisher
        {
            Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
        }

        /// An `Optional.Publisher` of the largest element, if any.
        @inlinable
        public func max(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool)
            -> Optional<Elements.Element>.Publisher
        {
            Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
        }

        /// An `Optional.Publisher` of the first element that satisfies `predicate`, if any.
        @inlinable
        public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
        }
    }

    extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
        /// An `Optional.Publisher` of the smallest element, if any.
        @inlinable
        public func min() -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.min())
        }

        /// An `Optional.Publisher` of the largest element, if any.
        @inlinable
        public func max() -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.max())
        }
    }

    extension Publishers.Sequence where Elements: Collection, Failure == Never {
        /// An `Optional.Publisher` of the first element, if any.
        @inlinable
        public func first() -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.first)
        }

        /// An `Optional.Publisher` of the element at `index`, or nothing when there is none.
        @inlinable
        public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
        }
    }

    extension Publishers.Sequence where Elements: Collection {
        /// A `Result.Publisher` of the number of elements.
        @inlinable
        public func count() -> Result<Int, Failure>.Publisher { Result<Int, Failure>.Publisher(sequence.count) }
    }

    extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
        /// An `Optional.Publisher` of the element at `index`, or nothing when there is none.
        @inlinable
        public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(
                index >= sequence.startIndex && index < sequence.endIndex ? sequence[index] : nil)
        }
    }

    extension Publishers.Sequence where Elements: RandomAccessCollection {
        /// A `Result.Publisher` of the number of elements.
        @inlinable
        public func count() -> Result<Int, Failure>.Publisher { Result<Int, Failure>.Publisher(sequence.count) }
    }

    extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
        /// An `Optional.Publisher` of the last element, if any.
        @inlinable
        public func last() -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.last)
        }

        /// An `Optional.Publisher` of the last element that satisfies `predicate`, if any.
        @inlinable
        public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
            Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
        }
    }
#endif
