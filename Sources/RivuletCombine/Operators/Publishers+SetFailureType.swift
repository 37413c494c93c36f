import Rivulet

extension Publisher where Failure == Never {
    /// Gives a publisher that cannot fail the failure type `failureType`, so it can be combined
    /// with publishers that can. Nothing changes at run time.
    @inlinable
    public func setFailureType<NewFailure: Swift.Error>(
        to failureType: NewFailure.Type
    ) -> Publishers.SetFailureType<Self, NewFailure> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// The publisher `setFailureType(to:)` returns.
    public struct SetFailureType<Upstream: Publisher, Failure: Swift.Error>: Publisher, EnginePublisher
    where Upstream.Failure == Never {
        /// The upstream's output.
        public typealias Output = Upstream.Output

        /// The publisher that cannot fail.
        public let upstream: Upstream

        /// Retypes `upstream`.
        @inlinable
        public init(upstream: Upstream) { self.upstream = upstream }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The upstream's own observable, unchanged.
        @inlinable
        func engineStream() -> Observable<Output> { upstream.asObservable() }
    }
}
