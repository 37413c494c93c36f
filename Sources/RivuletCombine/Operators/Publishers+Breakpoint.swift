import Rivulet

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Publisher {
    /// Raises `SIGTRAP` (the debugger stops there) when one of the closures says so for the
    /// event it is given (Combine's `breakpoint`); every event passes on unchanged.
    ///
    /// ```swift
    /// publisher.breakpoint(receiveOutput: { $0 < 0 })   // stop on a negative value
    /// ```
    ///
    /// **It stops the program when a closure returns `true`**, as Combine documents: under a
    /// debugger the process pauses at the signal; without one, `SIGTRAP`'s default action ends
    /// the process. No signal is raised while every closure returns `false` (or is `nil`). The
    /// closures run on the delivering thread, before the event is passed on; `receiveSubscription`
    /// is handed an empty subscription (Rivulet's operators do not expose theirs).
    @inlinable
    public func breakpoint(
        receiveSubscription: ((Subscription) -> Bool)? = nil,
        receiveOutput: ((Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion)
    }

    /// Raises `SIGTRAP` when the publisher fails (see `breakpoint`).
    @inlinable
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        breakpoint(receiveCompletion: { completion in
            if case .failure = completion { return true }
            return false
        })
    }
}

extension Publishers {
    /// The publisher `breakpoint` and `breakpointOnError()` return.
    public struct Breakpoint<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher observed.
        public let upstream: Upstream
        /// Decides whether a subscription raises the signal.
        public let receiveSubscription: ((Subscription) -> Bool)?
        /// Decides whether a value raises the signal.
        public let receiveOutput: ((Upstream.Output) -> Bool)?
        /// Decides whether the completion raises the signal.
        public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

        /// `upstream`, stopping in the debugger where the closures say so.
        @inlinable
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Bool)? = nil,
            receiveOutput: ((Upstream.Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that asks the closures about
        /// each event, then passes it on; `subscriber` receives the upstream's own subscription
        /// (Combine's `Breakpoint`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                BreakpointSubscriber(
                    downstream: .erase(subscriber), receiveSubscription: receiveSubscription,
                    receiveOutput: receiveOutput, receiveCompletion: receiveCompletion))
        }

        /// Exact when the upstream is and no closure asks about the subscription (the engine stream
        /// has no upstream subscription to show it).
        @inlinable
        var isEngineExact: Bool { receiveSubscription == nil && upstream.isExactOnEngine }

        /// `upstream.asObservable().do(...)`, raising the signal where a closure returns `true`.
        @inlinable
        func engineStream() -> Observable<Output> {
            let (receiveSubscription, receiveOutput, receiveCompletion) =
                (self.receiveSubscription, self.receiveOutput, self.receiveCompletion)
            return upstream.asObservable().do(
                onNext: receiveOutput.map { decide in { value in if decide(value) { raiseBreakpoint() } } },
                onError: receiveCompletion.map { decide in
                    { error in
                        if let failure = error as? Failure, decide(.failure(failure)) { raiseBreakpoint() }
                    }
                },
                onCompleted: receiveCompletion.map { decide in { if decide(.finished) { raiseBreakpoint() } } },
                onSubscribe: receiveSubscription.map { decide in
                    { if decide(Subscriptions.empty) { raiseBreakpoint() } }
                })
        }
    }
}

/// Raises `SIGTRAP` for `breakpoint`.
@usableFromInline
func raiseBreakpoint() {
    raise(SIGTRAP)
}

/// `breakpoint`'s subscriber on the demand path: transparent (see `ForwardingSubscriber`); each
/// event is shown to its closure first, and a `true` raises `SIGTRAP`.
private final class BreakpointSubscriber<Input, Failure: Swift.Error>: ForwardingSubscriber<Input, Input, Failure> {
    let receiveSubscriptionClosure: ((Subscription) -> Bool)?
    let receiveOutput: ((Input) -> Bool)?
    let receiveCompletionClosure: ((Subscribers.Completion<Failure>) -> Bool)?

    init(
        downstream: DemandSubscriber<Input, Failure>, receiveSubscription: ((Subscription) -> Bool)?,
        receiveOutput: ((Input) -> Bool)?, receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?
    ) {
        receiveSubscriptionClosure = receiveSubscription
        self.receiveOutput = receiveOutput
        receiveCompletionClosure = receiveCompletion
        super.init(downstream: downstream)
    }

    override func receive(subscription: Subscription) {
        if receiveSubscriptionClosure?(subscription) == true { raiseBreakpoint() }
        downstream.receive(subscription: subscription)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        if receiveOutput?(input) == true { raiseBreakpoint() }
        return downstream.receive(input)
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        if receiveCompletionClosure?(completion) == true { raiseBreakpoint() }
        downstream.receive(completion: completion)
    }

    override var description: String { "Breakpoint" }
}
