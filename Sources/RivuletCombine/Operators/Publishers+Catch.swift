import Rivulet

extension Publisher {
    /// Replaces a failure with the publisher `handler` returns for it (the twin of Rx `catch`).
    ///
    /// ```
    /// upstream:                --1--2--#
    /// catch { _ in Just(0) }:  --1--2--(0|)
    /// ```
    @inlinable
    public func `catch`<NewPublisher: Publisher>(
        _ handler: @escaping (Failure) -> NewPublisher
    ) -> Publishers.Catch<Self, NewPublisher> where NewPublisher.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// The publisher `catch(_:)` returns; it fails as the replacement publisher does.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher, EnginePublisher
    where Upstream.Output == NewPublisher.Output {
        /// The shared output.
        public typealias Output = Upstream.Output
        /// The replacement's failure.
        public typealias Failure = NewPublisher.Failure

        /// The publisher whose failure is handled.
        public let upstream: Upstream
        /// Makes the replacement publisher for a failure.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// `upstream`, with a failure replaced by `handler`'s publisher.
        @inlinable
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber` to `upstream` through a `Catch` subscription: demand passes to the
        /// publisher running and is kept, so that the replacement is asked for what `subscriber`
        /// still wants when it is subscribed.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            upstream.subscribe(
                CatchSubscription<Output, Upstream.Failure, NewPublisher.Failure, Failure>(
                    downstream: .erase(subscriber), name: "Catch", convertReplacementFailure: { $0 },
                    recover: { failure in
                        let replacement = handler(failure)
                        return .success({ replacement.subscribe($0) })
                    }))
        }

        /// Exact when the upstream is (the replacement is reached with `asObservable()`, which is
        /// exact or requests `.unlimited`, as the demand path does for an unlimited subscriber).
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().catch { handler($0).asObservable() }` (a foreign error, which
        /// the typed-failure invariant rules out, passes on unchanged).
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineCatch(handler)
        }
    }
}

extension Publisher {
    /// Replaces a failure with the publisher `handler` returns for it; a throw of `handler` fails
    /// the publisher with the thrown error (the twin of Rx `catch` with a throwing handler).
    ///
    /// ```
    /// upstream:                          --1--#(a)
    /// tryCatch { _ in throw b }:         --1--#(b)
    /// tryCatch { _ in Just(0) }:         --1--(0|)
    /// ```
    @inlinable
    public func tryCatch<NewPublisher: Publisher>(
        _ handler: @escaping (Failure) throws -> NewPublisher
    ) -> Publishers.TryCatch<Self, NewPublisher> where NewPublisher.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// The publisher `tryCatch(_:)` returns; it fails with `Error` (the replacement's failure or
    /// the handler's throw).
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher, EnginePublisher
    where Upstream.Output == NewPublisher.Output {
        /// The shared output.
        public typealias Output = Upstream.Output
        /// The replacement's failure or the handler's throw.
        public typealias Failure = Swift.Error

        /// The publisher whose failure is handled.
        public let upstream: Upstream
        /// Makes the replacement publisher for a failure, or throws.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// `upstream`, with a failure replaced by `handler`'s publisher.
        @inlinable
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber` to `upstream` through a `TryCatch` subscription: as `catch`, and
        /// a throw of `handler` fails `subscriber` with the thrown error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            upstream.subscribe(
                CatchSubscription<Output, Upstream.Failure, NewPublisher.Failure, Failure>(
                    downstream: .erase(subscriber), name: "TryCatch", convertReplacementFailure: { $0 },
                    recover: { failure in
                        do {
                            let replacement = try handler(failure)
                            return .success({ replacement.subscribe($0) })
                        } catch {
                            return .failure(error)
                        }
                    }))
        }

        /// Exact when the upstream is (see `Catch`).
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().catch { try handler($0).asObservable() }` (a foreign error,
        /// which the typed-failure invariant rules out, passes on unchanged).
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineCatch(handler)
        }
    }
}

/// Which publisher of a `catch` runs.
private enum CatchPart {
    case upstream, replacement, over
}

/// The subscription of `catch` and `tryCatch` on the demand path: the upstream's subscriber and
/// the downstream's subscription; the replacement publisher is given a `CatchReplacementSubscriber`
/// that passes everything here.
///
/// As Combine's: it is handed downstream when the upstream's subscription arrives; it keeps the
/// downstream's outstanding demand (requests add to it, each value sent takes one and adds what
/// the downstream returns) and passes requests to the publisher running; the upstream's
/// `.finished` passes on; its failure goes to `recover` (outside the lock), and the replacement
/// it returns is subscribed and asked for the outstanding demand (a `tryCatch` handler's throw
/// fails the downstream instead). A value beyond the demand (where Combine stops the program),
/// from a publisher not running, before a subscription or after the end is dropped (`.none`).
///
/// A cancel cancels the publisher running, once, as Combine's: a cancel that finds no live
/// subscription (between the upstream's failure and the replacement's subscription) is ignored,
/// so the replacement is subscribed and asked for the outstanding demand as if none came. After a
/// cancel, a value that the publisher cancelled still sends (one already on its way) goes to the
/// downstream, whatever the demand, and the downstream's answer is returned, as in Combine (a
/// `sink` ignores it); its completion is dropped.
private final class CatchSubscription<
    Output, UpstreamFailure: Swift.Error, ReplacementFailure: Swift.Error, Failure: Swift.Error
>:
    OperatorSubscription<Output, UpstreamFailure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `part` and `demand` are guarded by `lock`;
    // the rest is immutable.
    typealias Attach = (DemandSubscriber<Output, ReplacementFailure>) -> Void

    /// Combine's name of the subscription (`"Catch"`, `"TryCatch"`).
    let name: String
    /// The replacement's failure as this operator's.
    let convertReplacementFailure: (ReplacementFailure) -> Failure
    /// The replacement for a failure (a function that subscribes it), or the handler's throw.
    let recover: (UpstreamFailure) -> Result<Attach, Failure>
    @exclusivity(unchecked) var part = CatchPart.upstream
    /// The publisher that was running when the downstream cancelled (`nil` until then).
    @exclusivity(unchecked) var cancelledPart: CatchPart?
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) var demand = Subscribers.Demand.none

    init(
        downstream: DemandSubscriber<Output, Failure>, name: String,
        convertReplacementFailure: @escaping (ReplacementFailure) -> Failure,
        recover: @escaping (UpstreamFailure) -> Result<Attach, Failure>
    ) {
        self.name = name
        self.convertReplacementFailure = convertReplacementFailure
        self.recover = recover
        super.init(downstream: downstream)
    }

    override func request(_ more: Subscribers.Demand) {
        guard more > .none else { return }
        lock.lock()
        guard part != .over else { return lock.unlock() }
        demand += more
        let upstream = slot.subscription
        lock.unlock()
        upstream?.request(more)
    }

    override func cancel() {
        lock.lock()
        let upstream = slot.cancel()
        if upstream != nil {
            cancelledPart = part
            part = .over
        }
        lock.unlock()
        upstream?.cancel()
    }

    override func receive(subscription: Subscription) { receive(subscription: subscription, from: .upstream) }

    override func receive(_ input: Output) -> Subscribers.Demand { receive(input, from: .upstream) }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard part == .upstream, slot.finish() else { return lock.unlock() }
        guard case .failure(let failure) = completion else {
            part = .over
            lock.unlock()
            return downstream.receive(completion: .finished)
        }
        part = .replacement
        slot = UpstreamSlot()
        lock.unlock()
        let recovered = recover(failure)
        lock.lock()
        guard part == .replacement else { return lock.unlock() }
        switch recovered {
        case .success(let attach):
            lock.unlock()
            attach(CatchReplacementSubscriber(self))
        case .failure(let thrown):
            part = .over
            lock.unlock()
            downstream.receive(completion: .failure(thrown))
        }
    }

    /// A subscription from `from`'s publisher: the upstream's is handed downstream, the
    /// replacement's is asked for the outstanding demand.
    func receive(subscription: Subscription, from: CatchPart) {
        lock.lock()
        guard part == from, slot.attach(subscription) else {
            lock.unlock()
            return subscription.cancel()
        }
        let pending = demand
        lock.unlock()
        if from == .upstream {
            downstream.receive(subscription: self)
        } else if pending > .none {
            subscription.request(pending)
        }
    }

    /// A value from `from`'s publisher.
    func receive(_ input: Output, from: CatchPart) -> Subscribers.Demand {
        lock.lock()
        if cancelledPart == from {
            lock.unlock()
            return downstream.receive(input)
        }
        guard part == from, slot.isSubscribed, demand > .none else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        if part != .over { demand += more }
        lock.unlock()
        return more
    }

    /// The replacement's completion.
    func receiveFromReplacement(_ completion: Subscribers.Completion<ReplacementFailure>) {
        lock.lock()
        guard part == .replacement, slot.finish() else { return lock.unlock() }
        part = .over
        lock.unlock()
        downstream.receive(completion: completion.mapFailure(convertReplacementFailure))
    }

    override var description: String { name }

    override var customMirror: Mirror {
        lock.lock()
        let demand = self.demand
        lock.unlock()
        return Mirror(self, children: [("downstream", downstream.reflected), ("demand", demand)])
    }
}

/// The subscriber a `catch` hands its replacement publisher: it passes everything to the
/// `CatchSubscription`, and shows as it does.
private final class CatchReplacementSubscriber<
    Output, UpstreamFailure: Swift.Error, ReplacementFailure: Swift.Error, Failure: Swift.Error
>: DemandSubscriber<Output, ReplacementFailure> {
    let owner: CatchSubscription<Output, UpstreamFailure, ReplacementFailure, Failure>

    init(_ owner: CatchSubscription<Output, UpstreamFailure, ReplacementFailure, Failure>) {
        self.owner = owner
    }

    override func receive(subscription: Subscription) { owner.receive(subscription: subscription, from: .replacement) }

    override func receive(_ input: Output) -> Subscribers.Demand { owner.receive(input, from: .replacement) }

    override func receive(completion: Subscribers.Completion<ReplacementFailure>) {
        owner.receiveFromReplacement(completion)
    }

    override var description: String { owner.description }

    override var customMirror: Mirror { owner.customMirror }

    override var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
}

extension ObservableType {
    /// `catch` for a typed failure: an error that is a `Failure` continues with `handler`'s
    /// publisher (a throw fails with the thrown error); a foreign error, which the typed-failure
    /// invariant rules out, passes on unchanged. The engine operator of `catch` and `tryCatch`.
    @inlinable
    func _combineCatch<Failure: Swift.Error, Replacement: Publisher>(
        _ handler: @escaping (Failure) throws -> Replacement
    ) -> Observable<Element> where Replacement.Output == Element {
        self.catch { error in
            guard let failure = error as? Failure else { return Observable.error(error) }
            return try handler(failure).asObservable()
        }
    }
}
