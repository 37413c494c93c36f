import Rivulet

#if !canImport(Combine)
    // Linux only: on Apple platforms Foundation's Combine overlay makes Combine's
    // `Result.Publisher` and `Optional.Publisher` (and their `publisher` properties) visible in
    // every file that imports Foundation, and a second declaration would be ambiguous
    // (docs/dialects.md).

    extension Result {
        /// A publisher that sends this result's success and finishes, or fails with its failure
        /// (Combine's `result.publisher`; Linux only).
        ///
        /// ```
        /// Result<Int, MyError>.success(1).publisher:        (1|)
        /// Result<Int, MyError>.failure(.boom).publisher:    #(boom)
        /// ```
        @inlinable
        public var publisher: Publisher { Publisher(self) }

        /// The publisher `result.publisher` returns (Combine's `Result.Publisher`; Linux only).
        public struct Publisher: RivuletCombine.Publisher, EnginePublisher {
            /// The success type.
            public typealias Output = Success

            /// The result sent.
            public let result: Result<Success, Failure>

            /// A publisher of `result`.
            @inlinable
            public init(_ result: Result<Success, Failure>) {
                self.result = result
            }

            /// A publisher that sends `output` and finishes.
            @inlinable
            public init(_ output: Success) {
                self.init(.success(output))
            }

            /// A publisher that fails with `failure`.
            @inlinable
            public init(_ failure: Failure) {
                self.init(.failure(failure))
            }

            /// Hands `subscriber` a `Once` subscription that delivers the success when requested,
            /// or `Subscriptions.empty` and the failure.
            public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                switch result {
                case .success(let output): OneValueSubscription.attach(.erase(subscriber), value: output, name: "Once")
                case .failure(let failure): subscriber.receiveEmpty(completion: .failure(failure))
                }
            }

            /// `Observable.just(success)` or `Observable.error(failure)`.
            @inlinable
            func engineStream() -> Observable<Success> {
                switch result {
                case .success(let output): return Observable.just(output)
                case .failure(let failure): return Observable.error(failure)
                }
            }
        }
    }

    extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

    extension Optional {
        /// A publisher that sends the wrapped value (if any) and finishes (Combine's
        /// `optional.publisher`; Linux only).
        ///
        /// ```
        /// Optional(1).publisher:         (1|)
        /// Optional<Int>.none.publisher:  |
        /// ```
        @inlinable
        public var publisher: Publisher { Publisher(self) }

        /// The publisher `optional.publisher` returns (Combine's `Optional.Publisher`; Linux
        /// only).
        public struct Publisher: RivuletCombine.Publisher, EnginePublisher {
            /// The wrapped type.
            public typealias Output = Wrapped
            /// It cannot fail.
            public typealias Failure = Never

            /// The value sent, if any.
            public let output: Wrapped?

            /// A publisher of `output` (nothing but the completion for `nil`).
            @inlinable
            public init(_ output: Wrapped?) {
                self.output = output
            }

            /// Hands `subscriber` an `Optional` subscription that delivers the value when
            /// requested, or `Subscriptions.empty` and `.finished` for `nil`.
            public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                if let output {
                    OneValueSubscription.attach(.erase(subscriber), value: output, name: "Optional")
                } else {
                    subscriber.receiveEmpty(completion: .finished)
                }
            }

            /// `Observable.just(output)`, or `Observable.empty()` for `nil`.
            @inlinable
            func engineStream() -> Observable<Wrapped> {
                guard let output else { return Observable.empty() }
                return Observable.just(output)
            }
        }
    }

    extension Optional.Publisher: Equatable where Wrapped: Equatable {}
#endif
