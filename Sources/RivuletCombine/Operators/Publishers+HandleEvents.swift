import Rivulet

extension Publisher {
    /// Runs side-effect closures on the publisher's events, passing every event on unchanged (the
    /// twin of Rx `do`).
    ///
    /// - `receiveSubscription`: with the upstream's subscription, before the subscriber is given
    ///   its own.
    /// - `receiveOutput`: before each value is passed on.
    /// - `receiveCompletion`: before the completion is passed on.
    /// - `receiveCancel`: when the subscriber cancels (not after a completion).
    /// - `receiveRequest`: with each demand the subscriber requests, and each demand other than
    ///   `.none` it returns for a value (`sink` requests `.unlimited` once).
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
        /// Runs with each demand the subscriber adds.
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

        /// Attaches `subscriber` to `upstream` through a `HandleEvents` subscription that runs the
        /// closures on each event and passes it on (see `handleEvents`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                HandleEventsSubscription(
                    downstream: .erase(subscriber),
                    closures: HandleEventsClosures(
                        receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
                        receiveCompletion: receiveCompletion, receiveCancel: receiveCancel,
                        receiveRequest: receiveRequest)))
        }

        /// Exact when the upstream is and no closure asks for the subscription (the engine stream
        /// has no upstream subscription to show it).
        @inlinable
        var isEngineExact: Bool { receiveSubscription == nil && upstream.isExactOnEngine }

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
                let hooks = HandleEventsHooks(
                    receiveSubscription: receiveSubscription, receiveCompletion: receiveCompletion,
                    receiveCancel: receiveCancel, receiveRequest: receiveRequest)
                return source.do(
                    onNext: receiveOutput, onError: hooks.onError, onCompleted: hooks.onCompleted,
                    onSubscribe: hooks.onSubscribe, onDispose: hooks.onDispose)
            }
        }
    }
}

/// The closures of one `handleEvents` subscription (released together after the completion or
/// the cancel).
private struct HandleEventsClosures<Output, Failure: Swift.Error> {
    var receiveSubscription: ((Subscription) -> Void)?
    var receiveOutput: ((Output) -> Void)?
    var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    var receiveCancel: (() -> Void)?
    var receiveRequest: ((Subscribers.Demand) -> Void)?
}

/// `handleEvents`'s subscription on the demand path. As Combine's: `receiveSubscription` sees the
/// upstream's subscription (each one it is given) before the downstream is handed this one;
/// `receiveRequest` sees every request and every demand a value returns (other than `.none`), and
/// requests pass upstream unchanged (requests before the subscription wait for it);
/// `receiveCancel` runs on the first cancel, which cancels the upstream once; the first completion
/// runs `receiveCompletion`. After the completion or the cancel the closures are released, and
/// what a misbehaving upstream still sends passes on without them.
private final class HandleEventsSubscription<Input, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `closures` and `pending` are guarded by `lock`.
    @exclusivity(unchecked) var closures: HandleEventsClosures<Input, Failure>?
    @exclusivity(unchecked) var pending = Subscribers.Demand.none

    init(downstream: DemandSubscriber<Input, Failure>, closures: HandleEventsClosures<Input, Failure>) {
        self.closures = closures
        super.init(downstream: downstream)
    }

    override func receive(subscription: Subscription) {
        let receiveSubscription = lock.withLock { closures?.receiveSubscription }
        receiveSubscription?(subscription)
        lock.lock()
        guard slot.attach(subscription) else {
            lock.unlock()
            return subscription.cancel()
        }
        let pending = self.pending
        self.pending = .none
        lock.unlock()
        downstream.receive(subscription: self)
        if pending > .none { subscription.request(pending) }
    }

    override func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard let closures else { return lock.unlock() }
        let upstream = slot.subscription
        if upstream == nil, slot.isAwaiting { pending += demand }
        lock.unlock()
        closures.receiveRequest?(demand)
        upstream?.request(demand)
    }

    override func cancel() {
        lock.lock()
        let receiveCancel = closures?.receiveCancel
        // Before the subscription the cancel is ignored, as in Combine: the closures stay, for the
        // subscription that arrives later.
        let released = slot.isAwaiting ? nil : closures.take()
        let upstream = slot.cancel()
        lock.unlock()
        receiveCancel?()
        upstream?.cancel()
        withExtendedLifetime(released) {}
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        let closures = lock.withLock { self.closures }
        closures?.receiveOutput?(input)
        let demand = downstream.receive(input)
        if demand > .none { closures?.receiveRequest?(demand) }
        return demand
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        _ = slot.finish()
        let closures = self.closures.take()
        lock.unlock()
        closures?.receiveCompletion?(completion)
        downstream.receive(completion: completion)
    }

    override var description: String { "HandleEvents" }
}

/// The closures a `handleEvents` subscription runs at most once (its completion, start and
/// cancellation), made by an initialiser compiled once, here: only `receiveOutput` is on the
/// event path, so only it is specialised in the module that calls `handleEvents`.
@usableFromInline
struct HandleEventsHooks {
    @usableFromInline let onError: (Swift.Error) -> Void
    @usableFromInline let onCompleted: () -> Void
    @usableFromInline let onSubscribe: () -> Void
    @usableFromInline let onDispose: () -> Void

    @usableFromInline
    init<Failure: Error>(
        receiveSubscription: ((Subscription) -> Void)?,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?,
        receiveCancel: (() -> Void)?,
        receiveRequest: ((Subscribers.Demand) -> Void)?
    ) {
        let terminated = BooleanDisposable()
        onError = { error in
            terminated.dispose()
            if let failure = error as? Failure { receiveCompletion?(.failure(failure)) }
        }
        onCompleted = {
            terminated.dispose()
            receiveCompletion?(.finished)
        }
        onSubscribe = {
            receiveSubscription?(Subscriptions.empty)
            receiveRequest?(.unlimited)
        }
        onDispose = {
            if !terminated.isDisposed { receiveCancel?() }
        }
    }
}
