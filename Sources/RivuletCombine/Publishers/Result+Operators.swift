import Rivulet

#if !canImport(Combine)
    // Combine's specialisations of operators on `Result.Publisher` (Linux only, like the type): the
    // result is again a `Result.Publisher`, computed at once (the closure runs when the operator
    // is applied).
    extension Result.Publisher {
        /// A `Result.Publisher` of `transform(success)`, or of the same failure.
        @inlinable
        public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
            Result<T, Failure>.Publisher(result.map(transform))
        }

        /// A `Result.Publisher` of `transform(success)`, of its throw, or of the failure.
        @inlinable
        public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, Swift.Error>.Publisher {
            switch result {
            case .success(let success): return Result<T, Swift.Error> { try transform(success) }.publisher
            case .failure(let failure): return Result<T, Swift.Error>.Publisher(.failure(failure))
            }
        }

        /// A `Result.Publisher` of the success, or of `transform(failure)`.
        @inlinable
        public func mapError<E: Swift.Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
            Result<Success, E>.Publisher(result.mapError(transform))
        }

        /// A `Result.Publisher` of the success, or of `output` in place of the failure.
        @inlinable
        public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
            Result<Success, Never>.Publisher(.success((try? result.get()) ?? output))
        }

        /// A `Result.Publisher` of 1, or of the failure.
        @inlinable
        public func count() -> Result<Int, Failure>.Publisher { Result<Int, Failure>.Publisher(result.map { _ in 1 }) }

        /// A `Result.Publisher` of the success in an array, or of the failure.
        @inlinable
        public func collect() -> Result<[Success], Failure>.Publisher {
            Result<[Success], Failure>.Publisher(result.map { [$0] })
        }

        /// This publisher: its success, if any, is the first.
        @inlinable
        public func first() -> Result<Success, Failure>.Publisher { self }

        /// This publisher: its success, if any, is the last.
        @inlinable
        public func last() -> Result<Success, Failure>.Publisher { self }

        /// This publisher: a single result has no duplicate.
        @inlinable
        public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
            self
        }

        /// This publisher: it is never empty.
        @inlinable
        public func replaceEmpty(with output: Success) -> Result<Success, Failure>.Publisher { self }

        /// A `Result.Publisher` of whether the success satisfies `predicate` (runs now), or of
        /// the failure.
        @inlinable
        public func allSatisfy(_ predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(result.map(predicate))
        }

        /// A `Result.Publisher` of whether the success satisfies `predicate` (runs now), of its
        /// throw, or of the failure.
        @inlinable
        public func tryAllSatisfy(_ predicate: (Success) throws -> Bool) -> Result<Bool, Swift.Error>.Publisher {
            Result<Bool, Swift.Error>.Publisher(
                erasedResult.flatMap { success in Result<Bool, Swift.Error> { try predicate(success) } })
        }

        /// A `Result.Publisher` of whether the success satisfies `predicate` (runs now), or of
        /// the failure.
        @inlinable
        public func contains(where predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(result.map(predicate))
        }

        /// A `Result.Publisher` of whether the success satisfies `predicate` (runs now), of its
        /// throw, or of the failure.
        @inlinable
        public func tryContains(where predicate: (Success) throws -> Bool) -> Result<Bool, Swift.Error>.Publisher {
            Result<Bool, Swift.Error>.Publisher(
                erasedResult.flatMap { success in Result<Bool, Swift.Error> { try predicate(success) } })
        }

        /// This publisher: one value is its own smallest (`areInIncreasingOrder` never runs).
        @inlinable
        public func min(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
            self
        }

        /// The success, or the throw of `areInIncreasingOrder` (asked once to compare the success
        /// with itself, as in Combine), or the failure, with an untyped failure.
        @inlinable
        public func tryMin(by areInIncreasingOrder: (Success, Success) throws -> Bool)
            -> Result<Success, Swift.Error>.Publisher
        {
            Result<Success, Swift.Error>.Publisher(comparingWithItself(areInIncreasingOrder))
        }

        /// This publisher: one value is its own largest (`areInIncreasingOrder` never runs).
        @inlinable
        public func max(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
            self
        }

        /// The success, or the throw of `areInIncreasingOrder` (asked once to compare the success
        /// with itself, as in Combine), or the failure, with an untyped failure.
        @inlinable
        public func tryMax(by areInIncreasingOrder: (Success, Success) throws -> Bool)
            -> Result<Success, Swift.Error>.Publisher
        {
            Result<Success, Swift.Error>.Publisher(comparingWithItself(areInIncreasingOrder))
        }

        /// An `Empty` that finishes: the success, if any, is ignored. (A failure is lost, as in
        /// Combine's specialisation.)
        @inlinable
        public func ignoreOutput() -> Empty<Success, Failure> { Empty() }

        /// The success, or the throw of `predicate` (asked once to compare the success with
        /// itself, as in Combine), or the failure, with an untyped failure.
        @inlinable
        public func tryRemoveDuplicates(by predicate: (Success, Success) throws -> Bool)
            -> Result<Success, Swift.Error>.Publisher
        {
            Result<Success, Swift.Error>.Publisher(comparingWithItself(predicate))
        }

        /// This publisher: retrying it would give the same result.
        @inlinable
        public func retry(_ retries: Int) -> Result<Success, Failure>.Publisher { self }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, success)` (runs now), or of
        /// the failure.
        @inlinable
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T)
            -> Result<T, Failure>.Publisher
        {
            Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, success)` (runs now), of its
        /// throw, or of the failure.
        @inlinable
        public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T)
            -> Result<T, Swift.Error>.Publisher
        {
            Result<T, Swift.Error>.Publisher(
                erasedResult.flatMap { success in
                    Result<T, Swift.Error> { try nextPartialResult(initialResult, success) }
                })
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, success)` (runs now), or of
        /// the failure.
        @inlinable
        public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher
        {
            Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
        }

        /// A `Result.Publisher` of `nextPartialResult(initialResult, success)` (runs now), of its
        /// throw, or of the failure.
        @inlinable
        public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T)
            -> Result<T, Swift.Error>.Publisher
        {
            Result<T, Swift.Error>.Publisher(
                erasedResult.flatMap { success in
                    Result<T, Swift.Error> { try nextPartialResult(initialResult, success) }
                })
        }

        /// The result with an untyped failure, after asking `compare` to compare the success with
        /// itself (its answer is not used; its throw becomes the failure).
        @inlinable
        func comparingWithItself(_ compare: (Success, Success) throws -> Bool) -> Result<Success, Swift.Error> {
            erasedResult.flatMap { success in
                Result<Success, Swift.Error> {
                    _ = try compare(success, success)
                    return success
                }
            }
        }

        /// The result with its failure erased to `Error`.
        @inlinable
        var erasedResult: Result<Success, Swift.Error> { result.mapError { $0 } }
    }

    extension Result.Publisher where Success: Equatable {
        /// A `Result.Publisher` of whether the success equals `output`, or of the failure.
        @inlinable
        public func contains(_ output: Success) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(result.map { $0 == output })
        }

        /// This publisher: a single result has no duplicate.
        @inlinable
        public func removeDuplicates() -> Result<Success, Failure>.Publisher { self }
    }

    extension Result.Publisher where Success: Comparable {
        /// This publisher: one value is its own smallest.
        @inlinable
        public func min() -> Result<Success, Failure>.Publisher { self }

        /// This publisher: one value is its own largest.
        @inlinable
        public func max() -> Result<Success, Failure>.Publisher { self }
    }

    extension Result.Publisher where Failure == Never {
        /// A `Result.Publisher` of the success with the failure type `E`.
        @inlinable
        public func setFailureType<E: Swift.Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
            Result<Success, E>.Publisher(.success(result.get()))
        }
    }
#endif
