import Rivulet

extension Publisher {
    /// Sends `elements` first, then this publisher's values (the twin of Rx `startWith`).
    ///
    /// ```
    /// upstream:        --1--2--|
    /// prepend(8, 9):   (89)1--2--|
    /// ```
    @inlinable
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends the elements of `elements` first, then this publisher's values.
    @inlinable
    public func prepend<Elements: Swift.Sequence>(
        _ elements: Elements
    ) -> Publishers.Concatenate<Publishers.Sequence<Elements, Failure>, Self> where Elements.Element == Output {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends `publisher`'s values first, then (after it finishes) this publisher's values (the
    /// twin of Rx `concat`).
    @inlinable
    public func prepend<Prefix: Publisher>(_ publisher: Prefix) -> Publishers.Concatenate<Prefix, Self>
    where Prefix.Output == Output, Prefix.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Sends this publisher's values, then, after it finishes, `elements`.
    ///
    /// ```
    /// upstream:       --1--2--|
    /// append(8, 9):   --1--2--(89|)
    /// ```
    @inlinable
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends this publisher's values, then, after it finishes, the elements of `elements`.
    @inlinable
    public func append<Elements: Swift.Sequence>(
        _ elements: Elements
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<Elements, Failure>> where Elements.Element == Output {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends this publisher's values, then, after it finishes, `publisher`'s values (the twin of
    /// Rx `concat`).
    @inlinable
    public func append<Suffix: Publisher>(_ publisher: Suffix) -> Publishers.Concatenate<Self, Suffix>
    where Suffix.Output == Output, Suffix.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

extension Publishers {
    /// The values of `prefix`, then, once it finishes, those of `suffix` (subscribed only then).
    /// A failure of `prefix` ends it without subscribing `suffix`. Built on Rx `concat`.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher, EnginePublisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        /// The shared output.
        public typealias Output = Suffix.Output
        /// The shared failure.
        public typealias Failure = Suffix.Failure

        /// The publisher that goes first.
        public let prefix: Prefix
        /// The publisher that follows.
        public let suffix: Suffix

        /// `prefix`, then `suffix`.
        @inlinable
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `prefix.asObservable().concat(suffix)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            prefix.asObservable().concat(suffix.asObservable())
        }
    }
}
