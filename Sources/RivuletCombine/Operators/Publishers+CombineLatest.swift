import Rivulet

extension Publisher {
    /// Pairs the latest values of this publisher and `other` each time either sends, once both
    /// have sent (the twin of Rx `Observable.combineLatest`).
    ///
    /// ```
    /// self:          --a-----b-----|
    /// other:         -----1-----2--|
    /// combineLatest: -----a1-b1-b2-|
    /// ```
    @inlinable
    public func combineLatest<Other: Publisher>(_ other: Other) -> Publishers.CombineLatest<Self, Other>
    where Other.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Combines the latest values of this publisher and `other` with `transform`.
    @inlinable
    public func combineLatest<Other: Publisher, Result>(
        _ other: Other, _ transform: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest<Self, Other>, Result> where Other.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// Triples the latest values of this publisher and two others.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher>(
        _ b: B, _ c: C
    ) -> Publishers.CombineLatest3<Self, B, C> where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c)
    }

    /// Combines the latest values of this publisher and two others with `transform`.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, Result>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c).map(transform)
    }

    /// Combines the latest values of this publisher and three others, as quadruples.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(
        _ b: B, _ c: C, _ d: D
    ) -> Publishers.CombineLatest4<Self, B, C, D>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.CombineLatest4(self, b, c, d)
    }

    /// Combines the latest values of this publisher and three others with `transform`.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher, Result>(
        _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, Result>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.CombineLatest4(self, b, c, d).map(transform)
    }
}

extension Publishers {
    /// The latest values of two publishers, as a tuple, each time either sends once both have
    /// sent; finishes when both have finished, fails with the first failure. Built on
    /// `Observable.combineLatest`.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher, EnginePublisher where A.Failure == B.Failure {
        /// A tuple of the latest values.
        public typealias Output = (A.Output, B.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// Combines `a` and `b`.
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

        /// `Observable.combineLatest(a, b)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.combineLatest(a.asObservable(), b.asObservable())
        }
    }

    /// The latest values of three publishers, as a tuple. Built on `Observable.combineLatest`.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// A tuple of the latest values.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// Combines `a`, `b` and `c`.
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

        /// `Observable.combineLatest(a, b, c)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.combineLatest(a.asObservable(), b.asObservable(), c.asObservable())
        }
    }
}

extension Publishers {
    /// The latest values of four publishers, as a tuple. Built on `Observable.combineLatest`.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        /// A tuple of the latest values.
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

        /// Combines `a`, `b`, `c` and `d`.
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

        /// `Observable.combineLatest(a, b, c, d)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.combineLatest(a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable())
        }
    }
}
