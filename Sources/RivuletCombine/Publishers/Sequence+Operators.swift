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

    /// A `Publishers.Sequence` of the elements with `elements` before them.
    @inlinable
    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: elements + Array(sequence))
    }

    /// A `Publishers.Sequence` of the elements with `elements` after them.
    @inlinable
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence) + elements)
    }
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
