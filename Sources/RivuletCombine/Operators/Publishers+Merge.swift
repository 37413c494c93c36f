import Rivulet

extension Publisher {
    /// Merges this publisher with `other`: values from both as they arrive (the twin of Rx
    /// `Observable.merge`).
    ///
    /// ```
    /// self:   --1-----3--|
    /// other:  ----2-----4--|
    /// merge:  --1-2---3-4--|
    /// ```
    @inlinable
    public func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Merges this publisher with two others.
    @inlinable
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }

    /// Merges this publisher with three others.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
        with b: B, _ c: C, _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure
    {
        Publishers.Merge4(self, b, c, d)
    }
}

extension Publishers {
    /// Values from two publishers as they arrive; finishes when both have finished, fails with
    /// the first failure. Built on `Observable.merge`.
    public struct Merge<A: Publisher, B: Publisher>: Publisher, EnginePublisher
    where A.Output == B.Output, A.Failure == B.Failure {
        /// The shared output.
        public typealias Output = A.Output
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// Merges `a` and `b`.
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

        /// `Observable.merge(a, b)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(a.asObservable(), b.asObservable())
        }
    }

    /// Values from three publishers as they arrive. Built on `Observable.merge`.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher, EnginePublisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure {
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

        /// Merges `a`, `b` and `c`.
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

        /// `Observable.merge(a, b, c)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(a.asObservable(), b.asObservable(), c.asObservable())
        }
    }

    /// Values from four publishers as they arrive. Built on `Observable.merge`.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher, EnginePublisher
    where
        A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure
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

        /// Merges `a`, `b`, `c` and `d`.
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

        /// `Observable.merge(a, b, c, d)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable())
        }
    }
}

extension Publishers {
    /// Values from any number of publishers of one type as they arrive; finishes when all have
    /// finished, fails with the first failure (Combine's `MergeMany`). Built on `Observable.merge`.
    ///
    /// ```swift
    /// Publishers.MergeMany(requests).collect().sink { responses in ... }
    /// ```
    public struct MergeMany<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstreams' output.
        public typealias Output = Upstream.Output
        /// The upstreams' failure.
        public typealias Failure = Upstream.Failure

        /// The publishers merged.
        public let publishers: [Upstream]

        /// Merges `upstream`.
        @inlinable
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// Merges the publishers of `upstream`.
        @inlinable
        public init<Upstreams: Swift.Sequence>(_ upstream: Upstreams) where Upstreams.Element == Upstream {
            publishers = Array(upstream)
        }

        /// This merge with `other` added.
        @inlinable
        public func merge(with other: Upstream) -> MergeMany {
            MergeMany(publishers + [other])
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `Observable.merge(publishers)` (finishes at once when there are none).
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(publishers.map { $0.asObservable() })
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}
