import Rivulet

extension Publisher {
    /// Drops the first `count` values (the twin of Rx `skip(_:)`).
    ///
    /// ```
    /// upstream:      --1--2--3--|
    /// dropFirst():   -----2--3--|
    /// ```
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// The publisher `dropFirst(_:)` returns.
    public struct Drop<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are dropped.
        public let upstream: Upstream
        /// How many values are dropped.
        public let count: Int

        /// `upstream` without its first `count` values.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().skip(count)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable().skip(count)
        }
    }
}
