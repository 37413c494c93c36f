import Rivulet

extension Publisher {
    /// Pairs the values of this publisher and `other` in order: the first value of each, then the
    /// second of each, and so on (Combine's `zip`).
    ///
    /// ```
    /// self:   --1--2-----3-----|
    /// other:  -----a--b-----c--|
    /// zip:    -----1a-2b----3c-|
    /// ```
    ///
    /// A value waits until every other publisher has sent its counterpart. The zipped publisher
    /// finishes as soon as one publisher has finished and none of its values is still waiting
    /// (no further pair can follow), and cancels the others; it fails with the first failure.
    /// Values that wait are buffered without limit.
    ///
    /// Threading: the publishers may send on different threads at once; their events are
    /// serialised in arrival order, one tuple at a time.
    @inlinable
    public func zip<Other: Publisher>(_ other: Other) -> Publishers.Zip<Self, Other> where Other.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Pairs the values of this publisher and `other` in order and sends `transform`'s result for
    /// each pair.
    ///
    /// ```
    /// self:            --1--2-----|
    /// other:           -----3--4--|
    /// zip(other, +):   -----4--6--|
    /// ```
    @inlinable
    public func zip<Other: Publisher, Result>(
        _ other: Other, _ transform: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.Map<Publishers.Zip<Self, Other>, Result> where Other.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }

    /// Groups the values of this publisher and two others in order, as triples. Completion and
    /// failure as for `zip(_:)`.
    @inlinable
    public func zip<B: Publisher, C: Publisher>(
        _ b: B, _ c: C
    ) -> Publishers.Zip3<Self, B, C> where B.Failure == Failure, C.Failure == Failure {
        Publishers.Zip3(self, b, c)
    }

    /// Groups the values of this publisher and two others in order and sends `transform`'s
    /// result for each group.
    @inlinable
    public func zip<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> Result
    ) -> Publishers.Map<Publishers.Zip3<Self, B, C>, Result> where B.Failure == Failure, C.Failure == Failure {
        Publishers.Zip3(self, b, c).map(transform)
    }

    /// Groups the values of this publisher and three others in order, as quadruples. Completion
    /// and failure as for `zip(_:)`.
    @inlinable
    public func zip<B: Publisher, C: Publisher, D: Publisher>(
        _ b: B, _ c: C, _ d: D
    ) -> Publishers.Zip4<Self, B, C, D> where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.Zip4(self, b, c, d)
    }

    /// Groups the values of this publisher and three others in order and sends `transform`'s
    /// result for each group.
    @inlinable
    public func zip<B: Publisher, C: Publisher, D: Publisher, Result>(
        _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> Result
    ) -> Publishers.Map<Publishers.Zip4<Self, B, C, D>, Result>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.Zip4(self, b, c, d).map(transform)
    }
}

extension Publishers {
    /// The values of two publishers paired in order, as tuples; finishes once one publisher has
    /// finished with no value left waiting, fails with the first failure (see `zip(_:)`).
    public struct Zip<A: Publisher, B: Publisher>: Publisher, EnginePublisher where A.Failure == B.Failure {
        /// A tuple of one value from each publisher.
        public typealias Output = (A.Output, B.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// Zips `a` and `b`.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The engine's zip of `a` and `b`, with Combine's completion rule.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.zipSources(a.asObservable(), b.asObservable(), completion: .whenOneIsDrained) { ($0, $1) }
        }
    }

    /// The values of three publishers grouped in order, as tuples (see `zip(_:_:)`).
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// A tuple of one value from each publisher.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// Zips `a`, `b` and `c`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The engine's zip of `a`, `b` and `c`, with Combine's completion rule.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.zipSources(
                a.asObservable(), b.asObservable(), c.asObservable(), completion: .whenOneIsDrained
            ) { ($0, $1, $2) }
        }
    }

    /// The values of four publishers grouped in order, as tuples (see `zip(_:_:_:)`).
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        /// A tuple of one value from each publisher.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C
        /// The fourth publisher.
        public let d: D

        /// Zips `a`, `b`, `c` and `d`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The engine's zip of `a`, `b`, `c` and `d`, with Combine's completion rule.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.zipSources(
                a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), completion: .whenOneIsDrained
            ) { ($0, $1, $2, $3) }
        }
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {
    /// `true` when both pairs of upstream publishers are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}
