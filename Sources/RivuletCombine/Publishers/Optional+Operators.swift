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
        public func count() -> Optional<Int>.Publisher { Optional<Int>.Publisher(output == nil ? 0 : 1) }

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

        /// An `Optional.Publisher` of the output, or of `output` when there is none.
        @inlinable
        public func replaceEmpty(with output: Wrapped) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(self.output ?? output)
        }

        /// An `Empty` that finishes: the output is ignored.
        @inlinable
        public func ignoreOutput() -> Empty<Wrapped, Never> { Empty() }
    }
#endif
