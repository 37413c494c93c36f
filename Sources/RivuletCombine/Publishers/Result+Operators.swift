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
    }

    extension Result.Publisher where Failure == Never {
        /// A `Result.Publisher` of the success with the failure type `E`.
        @inlinable
        public func setFailureType<E: Swift.Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
            Result<Success, E>.Publisher(.success(result.get()))
        }
    }
#endif
