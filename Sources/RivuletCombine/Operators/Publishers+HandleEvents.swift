import Rivulet

extension Publisher {
    /// Runs side-effect closures on the publisher's events, passing every event on unchanged (the
    /// twin of Rx `do`).
    ///
    /// - `receiveSubscription`: when a subscriber subscribes (handed `Subscriptions.empty`: the
    ///   engine subscription is unlimited-demand and not exposed).
    /// - `receiveOutput`: before each value is passed on.
    /// - `receiveCompletion`: before the completion is passed on.
    /// - `receiveCancel`: when the subscriber cancels (not after a completion).
    /// - `receiveRequest`: once per subscription, with `.unlimited`.
    @inlinable
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

extension Publishers {
    /// The publisher `handleEvents` returns.
    public struct HandleEvents<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher observed.
        public let upstream: Upstream
        /// Runs when a subscriber subscribes.
        public var receiveSubscription: ((Subscription) -> Void)?
        /// Runs for each value.
        public var receiveOutput: ((Output) -> Void)?
        /// Runs for the completion.
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        /// Runs when the subscriber cancels.
        public var receiveCancel: (() -> Void)?
        /// Runs with the subscriber's demand (always `.unlimited`).
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// Observes `upstream`'s events with the given closures.
        @inlinable
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().do(...)`, with per-subscription state that tells a cancel
        /// from the disposal that follows a completion.
        @inlinable
        func engineStream() -> Observable<Output> {
            let source = upstream.asObservable()
            let receiveSubscription = self.receiveSubscription
            let receiveOutput = self.receiveOutput
            let receiveCompletion = self.receiveCompletion
            let receiveCancel = self.receiveCancel
            let receiveRequest = self.receiveRequest
            return Observable.deferred {
                let terminated = BooleanDisposable()
                return source.do(
                    onNext: receiveOutput,
                    onError: { error in
                        terminated.dispose()
                        if let failure = error as? Failure { receiveCompletion?(.failure(failure)) }
                    },
                    onCompleted: {
                        terminated.dispose()
                        receiveCompletion?(.finished)
                    },
                    onSubscribe: {
                        receiveSubscription?(Subscriptions.empty)
                        receiveRequest?(.unlimited)
                    },
                    onDispose: {
                        if !terminated.isDisposed { receiveCancel?() }
                    })
            }
        }
    }
}
