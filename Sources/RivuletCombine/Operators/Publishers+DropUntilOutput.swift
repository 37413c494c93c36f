import Rivulet

extension Publisher {
    /// Drops the values until `publisher` sends its first value, then passes every value on (like
    /// Rx `skip(until:)`). A failure of either fails the result; the other's completion without a
    /// value leaves every value dropped. Unlike Rx `skip(until:)` (RxSwift's rule), the upstream's
    /// completion always passes on, as in Combine.
    ///
    /// ```
    /// upstream:                      --1--2--3--4--|
    /// other:                         -------x
    /// drop(untilOutputFrom: other):  --------3--4--|
    /// ```
    @inlinable
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// The publisher `drop(untilOutputFrom:)` returns.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher, EnginePublisher
    where Upstream.Failure == Other.Failure {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The shared failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are dropped at first.
        public let upstream: Upstream
        /// The publisher whose first value starts passing values on.
        public let other: Other

        /// The values of `upstream` from `other`'s first value on.
        @inlinable
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// The upstream's values once `other` has sent one: `withLatestFrom` a flag that `other`'s
        /// first value raises (so the upstream's completion passes on, and `other`'s failure too).
        @inlinable
        func engineStream() -> Observable<Output> {
            let opened = other.asObservable().take(1).map { _ in true }.startWith(false)
            return upstream.asObservable().withLatestFrom(opened) { ($0, $1) }.filter { $0.1 }.map { $0.0 }
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}
