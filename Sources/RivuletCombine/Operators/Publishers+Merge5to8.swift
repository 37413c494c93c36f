import Rivulet

// Merge5 to Merge8: Combine's fixed-arity merges of five to eight publishers of one output and
// failure type (demand and completion as for `Publishers.Merge`), and `merge(with:)` on a merge,
// which gives the merge of one arity more, as Combine's does.

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
    /// first failure (see `Publishers.Merge`).
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

        /// Hands `subscriber` a `Merge` subscription, then subscribes the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 5)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
            c.subscribe(merge.side(2))
            d.subscribe(merge.side(3))
            e.subscribe(merge.side(4))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool {
            a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine && d.isExactOnEngine && e.isExactOnEngine
        }

        /// `Observable.merge` of the 5 publishers.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge([a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), e.asObservable()])
        }
    }

    /// Values from 6 publishers as they arrive; finishes when all have finished, fails with the
    /// first failure (see `Publishers.Merge`).
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

        /// Hands `subscriber` a `Merge` subscription, then subscribes the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 6)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
            c.subscribe(merge.side(2))
            d.subscribe(merge.side(3))
            e.subscribe(merge.side(4))
            f.subscribe(merge.side(5))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool {
            a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine && d.isExactOnEngine && e.isExactOnEngine
                && f.isExactOnEngine
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
    /// first failure (see `Publishers.Merge`).
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

        /// Hands `subscriber` a `Merge` subscription, then subscribes the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 7)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
            c.subscribe(merge.side(2))
            d.subscribe(merge.side(3))
            e.subscribe(merge.side(4))
            f.subscribe(merge.side(5))
            g.subscribe(merge.side(6))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool {
            a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine && d.isExactOnEngine && e.isExactOnEngine
                && f.isExactOnEngine && g.isExactOnEngine
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
    /// first failure (see `Publishers.Merge`).
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

        /// Hands `subscriber` a `Merge` subscription, then subscribes the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 8)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
            c.subscribe(merge.side(2))
            d.subscribe(merge.side(3))
            e.subscribe(merge.side(4))
            f.subscribe(merge.side(5))
            g.subscribe(merge.side(6))
            h.subscribe(merge.side(7))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool {
            a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine && d.isExactOnEngine && e.isExactOnEngine
                && f.isExactOnEngine && g.isExactOnEngine && h.isExactOnEngine
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

// MARK: - merge(with:) on a merge

extension Publishers.Merge {
    /// This merge with one more publisher: a `Merge3` of them all, as in Combine.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge3<A, B, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge3(a, b, other)
    }

    /// This merge with two more publishers: a `Merge4` of them all, as in Combine.
    @inlinable
    public func merge<Y: Publisher, Z: Publisher>(with y: Y, _ z: Z) -> Publishers.Merge4<A, B, Y, Z>
    where Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure {
        Publishers.Merge4(a, b, y, z)
    }

    /// This merge with three more publishers: a `Merge5` of them all, as in Combine.
    @inlinable
    public func merge<X: Publisher, Y: Publisher, Z: Publisher>(with x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge5<A, B, X, Y, Z>
    where
        X.Output == Output, X.Failure == Failure, Y.Output == Output, Y.Failure == Failure, Z.Output == Output,
        Z.Failure == Failure
    {
        Publishers.Merge5(a, b, x, y, z)
    }

    /// This merge with four more publishers: a `Merge6` of them all, as in Combine.
    @inlinable
    public func merge<W: Publisher, X: Publisher, Y: Publisher, Z: Publisher>(with w: W, _ x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge6<A, B, W, X, Y, Z>
    where
        W.Output == Output, W.Failure == Failure, X.Output == Output, X.Failure == Failure, Y.Output == Output,
        Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure
    {
        Publishers.Merge6(a, b, w, x, y, z)
    }

    /// This merge with five more publishers: a `Merge7` of them all, as in Combine.
    @inlinable
    public func merge<V: Publisher, W: Publisher, X: Publisher, Y: Publisher, Z: Publisher>(
        with v: V, _ w: W, _ x: X, _ y: Y, _ z: Z
    ) -> Publishers.Merge7<A, B, V, W, X, Y, Z>
    where
        V.Output == Output, V.Failure == Failure, W.Output == Output, W.Failure == Failure, X.Output == Output,
        X.Failure == Failure, Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure
    {
        Publishers.Merge7(a, b, v, w, x, y, z)
    }

    /// This merge with six more publishers: a `Merge8` of them all, as in Combine.
    @inlinable
    public func merge<U: Publisher, V: Publisher, W: Publisher, X: Publisher, Y: Publisher, Z: Publisher>(
        with u: U, _ v: V, _ w: W, _ x: X, _ y: Y, _ z: Z
    ) -> Publishers.Merge8<A, B, U, V, W, X, Y, Z>
    where
        U.Output == Output, U.Failure == Failure, V.Output == Output, V.Failure == Failure, W.Output == Output,
        W.Failure == Failure, X.Output == Output, X.Failure == Failure, Y.Output == Output, Y.Failure == Failure,
        Z.Output == Output, Z.Failure == Failure
    {
        Publishers.Merge8(a, b, u, v, w, x, y, z)
    }
}

extension Publishers.Merge3 {
    /// This merge with one more publisher: a `Merge4` of them all, as in Combine.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge4<A, B, C, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge4(a, b, c, other)
    }

    /// This merge with two more publishers: a `Merge5` of them all, as in Combine.
    @inlinable
    public func merge<Y: Publisher, Z: Publisher>(with y: Y, _ z: Z) -> Publishers.Merge5<A, B, C, Y, Z>
    where Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure {
        Publishers.Merge5(a, b, c, y, z)
    }

    /// This merge with three more publishers: a `Merge6` of them all, as in Combine.
    @inlinable
    public func merge<X: Publisher, Y: Publisher, Z: Publisher>(with x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge6<A, B, C, X, Y, Z>
    where
        X.Output == Output, X.Failure == Failure, Y.Output == Output, Y.Failure == Failure, Z.Output == Output,
        Z.Failure == Failure
    {
        Publishers.Merge6(a, b, c, x, y, z)
    }

    /// This merge with four more publishers: a `Merge7` of them all, as in Combine.
    @inlinable
    public func merge<W: Publisher, X: Publisher, Y: Publisher, Z: Publisher>(with w: W, _ x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge7<A, B, C, W, X, Y, Z>
    where
        W.Output == Output, W.Failure == Failure, X.Output == Output, X.Failure == Failure, Y.Output == Output,
        Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure
    {
        Publishers.Merge7(a, b, c, w, x, y, z)
    }

    /// This merge with five more publishers: a `Merge8` of them all, as in Combine.
    @inlinable
    public func merge<V: Publisher, W: Publisher, X: Publisher, Y: Publisher, Z: Publisher>(
        with v: V, _ w: W, _ x: X, _ y: Y, _ z: Z
    ) -> Publishers.Merge8<A, B, C, V, W, X, Y, Z>
    where
        V.Output == Output, V.Failure == Failure, W.Output == Output, W.Failure == Failure, X.Output == Output,
        X.Failure == Failure, Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure
    {
        Publishers.Merge8(a, b, c, v, w, x, y, z)
    }
}

extension Publishers.Merge4 {
    /// This merge with one more publisher: a `Merge5` of them all, as in Combine.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge5<A, B, C, D, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge5(a, b, c, d, other)
    }

    /// This merge with two more publishers: a `Merge6` of them all, as in Combine.
    @inlinable
    public func merge<Y: Publisher, Z: Publisher>(with y: Y, _ z: Z) -> Publishers.Merge6<A, B, C, D, Y, Z>
    where Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure {
        Publishers.Merge6(a, b, c, d, y, z)
    }

    /// This merge with three more publishers: a `Merge7` of them all, as in Combine.
    @inlinable
    public func merge<X: Publisher, Y: Publisher, Z: Publisher>(with x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge7<A, B, C, D, X, Y, Z>
    where
        X.Output == Output, X.Failure == Failure, Y.Output == Output, Y.Failure == Failure, Z.Output == Output,
        Z.Failure == Failure
    {
        Publishers.Merge7(a, b, c, d, x, y, z)
    }

    /// This merge with four more publishers: a `Merge8` of them all, as in Combine.
    @inlinable
    public func merge<W: Publisher, X: Publisher, Y: Publisher, Z: Publisher>(with w: W, _ x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge8<A, B, C, D, W, X, Y, Z>
    where
        W.Output == Output, W.Failure == Failure, X.Output == Output, X.Failure == Failure, Y.Output == Output,
        Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure
    {
        Publishers.Merge8(a, b, c, d, w, x, y, z)
    }
}

extension Publishers.Merge5 {
    /// This merge with one more publisher: a `Merge6` of them all, as in Combine.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge6<A, B, C, D, E, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge6(a, b, c, d, e, other)
    }

    /// This merge with two more publishers: a `Merge7` of them all, as in Combine.
    @inlinable
    public func merge<Y: Publisher, Z: Publisher>(with y: Y, _ z: Z) -> Publishers.Merge7<A, B, C, D, E, Y, Z>
    where Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure {
        Publishers.Merge7(a, b, c, d, e, y, z)
    }

    /// This merge with three more publishers: a `Merge8` of them all, as in Combine.
    @inlinable
    public func merge<X: Publisher, Y: Publisher, Z: Publisher>(with x: X, _ y: Y, _ z: Z)
        -> Publishers.Merge8<A, B, C, D, E, X, Y, Z>
    where
        X.Output == Output, X.Failure == Failure, Y.Output == Output, Y.Failure == Failure, Z.Output == Output,
        Z.Failure == Failure
    {
        Publishers.Merge8(a, b, c, d, e, x, y, z)
    }
}

extension Publishers.Merge6 {
    /// This merge with one more publisher: a `Merge7` of them all, as in Combine.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge7<A, B, C, D, E, F, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge7(a, b, c, d, e, f, other)
    }

    /// This merge with two more publishers: a `Merge8` of them all, as in Combine.
    @inlinable
    public func merge<Y: Publisher, Z: Publisher>(with y: Y, _ z: Z) -> Publishers.Merge8<A, B, C, D, E, F, Y, Z>
    where Y.Output == Output, Y.Failure == Failure, Z.Output == Output, Z.Failure == Failure {
        Publishers.Merge8(a, b, c, d, e, f, y, z)
    }
}

extension Publishers.Merge7 {
    /// This merge with one more publisher: a `Merge8` of them all, as in Combine.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge8<A, B, C, D, E, F, G, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge8(a, b, c, d, e, f, g, other)
    }
}

// MARK: - Equatable

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e
    }
}

extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
    }
}

extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
            && lhs.g == rhs.g
    }
}

extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
            && lhs.g == rhs.g && lhs.h == rhs.h
    }
}
