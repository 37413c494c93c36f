import Rivulet

#if !canImport(Combine)
    // Combine's specialisations of operators on `Optional.Publisher` (Linux only, like the type):
    // the result is again an `Optional.Publisher`, computed at once (the closure runs when the
    // operator is applied).
    extension Optional.Publisher {
        /// An `Optional.Publisher` of `transform(output)`, if there is an output.
        @inlinable
        public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
            Optional<T>.Publisher(output.map(transform))
        }

        /// An `Optional.Publisher` of the output if it satisfies `isIncluded`.
        @inlinable
        public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
        }

        /// An `Optional.Publisher` of `transform(output)`, if there is an output and it is not `nil`.
        @inlinable
        public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
            Optional<T>.Publisher(output.flatMap(transform))
        }

        /// An `Optional.Publisher` of 1 or 0.
        @inlinable
        public func count() -> Optional<Int>.Publisher { Optional<Int>.Publisher(output.map { _ in 1 }) }

        /// An `Optional.Publisher` of the output in an array (an empty array when there is none).
        @inlinable
        public func collect() -> Optional<[Wrapped]>.Publisher {
            Optional<[Wrapped]>.Publisher(output.map { [$0] } ?? [])
        }

        /// An `Optional.Publisher` of the output unless `count` is at least 1.
        @inlinable
        public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
            if count < 0 { Hooks.reportMisuse("dropFirst(\(count))", "count is negative; dropping no values") }
            return Optional<Wrapped>.Publisher(count > 0 ? nil : output)
        }

        /// An `Optional.Publisher` of the output when `maxLength` is at least 1.
        @inlinable
        public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
            if maxLength < 0 {
                Hooks.reportMisuse("prefix(\(maxLength))", "maxLength is negative; finishing at once, as prefix(0)")
            }
            return Optional<Wrapped>.Publisher(maxLength > 0 ? output : nil)
        }

        /// This publisher: its output, if any, is the first.
        @inlinable
        public func first() -> Optional<Wrapped>.Publisher { self }

        /// This publisher: its output, if any, is the last.
        @inlinable
        public func last() -> Optional<Wrapped>.Publisher { self }

        /// This publisher: it cannot fail.
        @inlinable
        public func replaceError(with output: Wrapped) -> Optional<Wrapped>.Publisher { self }

        /// A `Just` of the output, or of `output` when there is none.
        @inlinable
        public func replaceEmpty(with output: Wrapped) -> Just<Wrapped> { Just(self.output ?? output) }

        /// An `Empty` that finishes: the output is ignored.
        @inlinable
        public func ignoreOutput() -> Empty<Wrapped, Never> { Empty() }

        /// An `Optional.Publisher` of whether the output satisfies `predicate` (runs now), or
        /// nothing when there is no output.
        @inlinable
        public func allSatisfy(_ predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
            Optional<Bool>.Publisher(output.map(predicate))
        }

        /// An `Optional.Publisher` of whether the output satisfies `predicate` (runs now), or
        /// nothing when there is no output.
        @inlinable
        public func contains(where predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
            Optional<Bool>.Publisher(output.map(predicate))
        }

        /// This publisher: one value is its own smallest.
        @inlinable
        public func min(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

        /// This publisher: one value is its own largest.
        @inlinable
        public func max(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

        /// An `Optional.Publisher` of the output unless it satisfies `predicate` (runs now).
        @inlinable
        public func drop(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
        }

        /// An `Optional.Publisher` of the output if it satisfies `predicate` (runs now).
        @inlinable
        public func first(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
        }

        /// An `Optional.Publisher` of the output if it satisfies `predicate` (runs now).
        @inlinable
        public func last(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
        }

        /// An `Optional.Publisher` of the output if it satisfies `predicate` (runs now).
        @inlinable
        public func prefix(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
        }

        /// An `Optional.Publisher` of the output if `index` is 0 (a negative index is misuse:
        /// reported, and nothing is sent).
        @inlinable
        public func output(at index: Int) -> Optional<Wrapped>.Publisher {
            if index < 0 { Hooks.reportMisuse("output(at: \(index))", "index is negative; sending no value") }
            return Optional<Wrapped>.Publisher(index == 0 ? output : nil)
        }

        /// An `Optional.Publisher` of the output if `range` contains 0 (a range below 0 is misuse:
        /// reported, and the range is read as given).
        @inlinable
        public func output<R: RangeExpression>(in range: R) -> Optional<Wrapped>.Publisher where R.Bound == Int {
            let bounds = range.relative(to: 0..<Int.max)
            if bounds.lowerBound < 0 { Hooks.reportMisuse("output(in: \(bounds))", "the range starts below 0") }
            return Optional<Wrapped>.Publisher(bounds.contains(0) ? output : nil)
        }

        /// An `Optional.Publisher` of `nextPartialResult(initialResult, output)` (runs now), or
        /// nothing when there is no output.
        @inlinable
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
            Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
        }

        /// An `Optional.Publisher` of `nextPartialResult(initialResult, output)` (runs now), or
        /// nothing when there is no output.
        @inlinable
        public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
            Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
        }

        /// This publisher: one value has no duplicate.
        @inlinable
        public func removeDuplicates(by predicate: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

        /// This publisher: it cannot fail, so there is nothing to retry.
        @inlinable
        public func retry(_ retries: Int) -> Optional<Wrapped>.Publisher { self }
    }

    extension Optional.Publisher where Wrapped: Equatable {
        /// An `Optional.Publisher` of whether the output equals `output`, or nothing when there
        /// is no output.
        @inlinable
        public func contains(_ output: Wrapped) -> Optional<Bool>.Publisher {
            Optional<Bool>.Publisher(self.output.map { $0 == output })
        }

        /// This publisher: one value has no duplicate.
        @inlinable
        public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
    }

    extension Optional.Publisher where Wrapped: Comparable {
        /// This publisher: one value is its own smallest.
        @inlinable
        public func min() -> Optional<Wrapped>.Publisher { self }

        /// This publisher: one value is its own largest.
        @inlinable
        public func max() -> Optional<Wrapped>.Publisher { self }
    }
#endif
