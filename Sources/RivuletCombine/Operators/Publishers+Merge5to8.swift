import Rivulet

// Merge5 to Merge8: Combine's fixed-arity merges of five to eight publishers of one output and
// failure type. Each stores its publishers and builds `Observable.merge` of them.

extension Publisher {
    /// Merges this publisher with four others.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E
    ) -> Publishers.Merge5<Self, B, C, D, E>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure
    {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Merges this publisher with five others.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure
    {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Merges this publisher with six others.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
        G.Output == Output, G.Failure == Failure
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Merges this publisher with seven others.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
        G.Output == Output, G.Failure == Failure, H.Output == Output, H.Failure == Failure
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}

extension Publishers {
    /// Values from 5 publishers as they arrive; finishes when all have finished, fails with the
    /// first failure. Built on `Observable.merge`.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher,
        EnginePublisher
    where
        A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure
    {
        /// The shared output.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E

        /// Merges the 5 publishers.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `Observable.merge` of the 5 publishers.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge([a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), e.asObservable()])
        }
    }

    /// Values from 6 publishers as they arrive; finishes when all have finished, fails with the
    /// first failure. Built on `Observable.merge`.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher,
        EnginePublisher
    where
        A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure,
        A.Output == F.Output, A.Failure == F.Failure
    {
        /// The shared output.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E
        /// The sixth publisher.
        public let f: F

        /// Merges the 6 publishers.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `Observable.merge` of the 6 publishers.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge([
                a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), e.asObservable(),
                f.asObservable(),
            ])
        }
    }

    /// Values from 7 publishers as they arrive; finishes when all have finished, fails with the
    /// first failure. Built on `Observable.merge`.
    public struct Merge7<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
    >: Publisher, EnginePublisher
    where
        A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure,
        A.Output == F.Output, A.Failure == F.Failure, A.Output == G.Output, A.Failure == G.Failure
    {
        /// The shared output.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E
        /// The sixth publisher.
        public let f: F
        /// The seventh publisher.
        public let g: G

        /// Merges the 7 publishers.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `Observable.merge` of the 7 publishers.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge([
                a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), e.asObservable(),
                f.asObservable(), g.asObservable(),
            ])
        }
    }

    /// Values from 8 publishers as they arrive; finishes when all have finished, fails with the
    /// first failure. Built on `Observable.merge`.
    public struct Merge8<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
    >: Publisher, EnginePublisher
    where
        A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure,
        A.Output == F.Output, A.Failure == F.Failure, A.Output == G.Output, A.Failure == G.Failure,
        A.Output == H.Output, A.Failure == H.Failure
    {
        /// The shared output.
        public typealias Output = A.Output
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
        /// The fifth publisher.
        public let e: E
        /// The sixth publisher.
        public let f: F
        /// The seventh publisher.
        public let g: G
        /// The eighth publisher.
        public let h: H

        /// Merges the 8 publishers.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `Observable.merge` of the 8 publishers.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge([
                a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), e.asObservable(),
                f.asObservable(), g.asObservable(), h.asObservable(),
            ])
        }
    }
}
