extension Publisher {
    /// Collects every value and sends them as one array when the upstream finishes (an empty
    /// array when it sent none).
    ///
    /// ```
    /// upstream:   --1--2--3--|
    /// collect():  -----------([1, 2, 3]|)
    /// ```
    ///
    /// A failure is passed on instead of the array. The values are kept until the upstream
    /// finishes, without limit.
    @inlinable
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Collects the values into arrays of `count` and sends each array when it is full; when the
    /// upstream finishes, sends the values collected since the last full array (if any).
    ///
    /// ```
    /// upstream:     --1--2--3--4--5--|
    /// collect(2):   -----[1,2]-[3,4]-([5]|)
    /// ```
    ///
    /// A failure is passed on, and the values collected since the last full array are dropped.
    /// A `count` below 1 counts as 1.
    @inlinable
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// The publisher `collect()` returns: every value in one array, after the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        /// The array of every value.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream

        /// Collects `upstream`'s values.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// `upstream.asObservable().toArray()`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            upstream.asObservable().toArray().asObservable()
        }
    }

    /// The publisher `collect(_:)` returns: the values in arrays of `count`.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        /// An array of at most `count` values.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream
        /// The size of each array but the last.
        public let count: Int

        /// Collects `upstream`'s values in arrays of `count`.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// A fold of `upstream`'s values into arrays, each sent when full, the rest on completion.
        @inlinable
        public func asObservable() -> Observable<Output> {
            let size = Swift.max(1, count)
            return upstream.asObservable()._combineFold(
                [Upstream.Output](),
                next: { values, value in
                    if values.isEmpty { values.reserveCapacity(size) }
                    values.append(value)
                    if values.count < size { return .proceed }
                    var full: [Upstream.Output] = []
                    swap(&full, &values)
                    return .emit(full)
                },
                completed: { values in
                    if values.isEmpty { return nil }
                    var rest: [Upstream.Output] = []
                    swap(&rest, &values)
                    return rest
                })
        }
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}
extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}
