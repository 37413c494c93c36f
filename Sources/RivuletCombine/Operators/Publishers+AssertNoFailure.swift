import Rivulet

extension Publisher {
    /// Passes every value on and promises the upstream never fails: the result's failure is
    /// `Never`.
    ///
    /// Combine stops the program when the promise is broken. Rivulet never does: a failure is
    /// reported to `Hooks.defaultErrorHandler` (as an error whose description is
    /// `"<prefix><failure>"` followed by the file and line of this call; printed in debug builds),
    /// and the publisher finishes, so the subscription's resources are released.
    ///
    /// ```
    /// upstream:           --1--2--#
    /// assertNoFailure():  --1--2--|     (and the failure goes to Hooks.defaultErrorHandler)
    /// ```
    @inlinable
    public func assertNoFailure(
        _ prefix: String = "", file: StaticString = #file, line: UInt = #line
    ) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

extension Publishers {
    /// The publisher `assertNoFailure(_:file:line:)` returns.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// It promises never to fail.
        public typealias Failure = Never

        /// The publisher that must not fail.
        public let upstream: Upstream
        /// Written before the failure in the report.
        public let prefix: String
        /// The file of the `assertNoFailure` call.
        public let file: StaticString
        /// The line of the `assertNoFailure` call.
        public let line: UInt

        /// `upstream`, promised never to fail.
        @inlinable
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that reports a failure and
        /// finishes instead; `subscriber` receives the upstream's own subscription (Combine's
        /// `AssertNoFailure`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                AssertNoFailureSubscriber<Output, Upstream.Failure>(
                    downstream: .erase(subscriber), prefix: prefix, file: file, line: line))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The upstream's events, with an error reported and replaced by the completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineHandlingError((prefix, file, line)) { promise, error in
                reportUnhandledError(
                    _CombineAssertionFailure(prefix: promise.0, file: promise.1, line: promise.2, failure: error))
                return .completed
            }
        }
    }
}

/// What `assertNoFailure` reports to `Hooks.defaultErrorHandler`: the failure, where the promise
/// was made, and the prefix.
@usableFromInline
struct _CombineAssertionFailure: Swift.Error, CustomStringConvertible {
    @usableFromInline let prefix: String
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt
    @usableFromInline let failure: Swift.Error

    @inlinable
    init(prefix: String, file: StaticString, line: UInt, failure: Swift.Error) {
        self.prefix = prefix
        self.file = file
        self.line = line
        self.failure = failure
    }

    @usableFromInline
    var description: String { "\(prefix)\(failure) (assertNoFailure at \(file):\(line))" }
}

/// `assertNoFailure`'s subscriber on the demand path: transparent; a failure is reported to
/// `Hooks.defaultErrorHandler` and replaced by `.finished` (Rivulet never stops the program).
private final class AssertNoFailureSubscriber<Input, UpstreamFailure: Swift.Error>: DemandSubscriber<
    Input, UpstreamFailure
>
{
    let downstream: DemandSubscriber<Input, Never>
    let prefix: String
    let file: StaticString
    let line: UInt

    init(downstream: DemandSubscriber<Input, Never>, prefix: String, file: StaticString, line: UInt) {
        self.downstream = downstream
        self.prefix = prefix
        self.file = file
        self.line = line
    }

    override func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

    override func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        if case .failure(let failure) = completion {
            reportUnhandledError(_CombineAssertionFailure(prefix: prefix, file: file, line: line, failure: failure))
        }
        downstream.receive(completion: .finished)
    }

    override var description: String { "AssertNoFailure" }

    override var customMirror: Mirror {
        Mirror(self, children: [(label: "file", value: file as Any), ("line", line), ("prefix", prefix)])
    }
}
