import Rivulet

extension Publisher {
    /// Keeps up to `size` values for a subscriber that has not asked for them yet; `whenFull`
    /// decides what happens to one more (Combine's `buffer(size:prefetch:whenFull:)`).
    ///
    /// ```swift
    /// source.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slowSubscriber)
    /// ```
    ///
    /// As Combine's: the upstream is asked, before the subscriber gets its subscription, for
    /// `size` values (`.keepFull`, which then asks for one more for each value it passes on, to
    /// keep the buffer full) or for everything (`.byRequest`). A value goes straight to a
    /// subscriber with demand; otherwise it waits, and a value that finds `size` waiting is
    /// dropped (`.dropNewest`), replaces the oldest (`.dropOldest`), or cancels the upstream and
    /// makes the failure `customError()` (`.customError`), which the subscriber receives after
    /// the values it asks for next. The upstream's `.finished` waits until the values waiting are
    /// delivered and the subscriber has demand left; the upstream's failure goes at once and drops
    /// the values waiting.
    ///
    /// Threading: calls into the subscriber never overlap; a request made from inside
    /// `receive(_:)` is served when the call returns.
    @inlinable
    public func buffer(
        size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        if size < 0 { Hooks.reportMisuse("buffer(size: \(size))", "size is negative; keeping no values, as size 0") }
        return Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers {
    /// How a buffer asks its upstream for values (Combine's `Publishers.PrefetchStrategy`).
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// Asks for `size` values at subscription, then for one more for each value passed on.
        case keepFull
        /// Asks for everything at subscription; the buffer keeps the subscriber's demand.
        case byRequest
    }

    /// What a full buffer does with one more value (Combine's `Publishers.BufferingStrategy`).
    public enum BufferingStrategy<Failure: Swift.Error> {
        /// Drops the value that arrived.
        case dropNewest
        /// Drops the oldest value waiting, and keeps the one that arrived.
        case dropOldest
        /// Fails the publisher with the error the closure makes.
        case customError(() -> Failure)
    }

    /// The publisher `buffer(size:prefetch:whenFull:)` returns.
    public struct Buffer<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher buffered.
        public let upstream: Upstream
        /// The most values kept.
        public let size: Int
        /// How the upstream is asked for values.
        public let prefetch: PrefetchStrategy
        /// What a full buffer does with one more value.
        public let whenFull: BufferingStrategy<Upstream.Failure>

        /// `upstream`, with up to `size` values kept for a subscriber that has not asked yet.
        @inlinable
        public init(
            upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Upstream.Failure>
        ) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        /// Attaches `subscriber` to `upstream` through a `Buffer` subscription (see
        /// `buffer(size:prefetch:whenFull:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                BufferSubscription(
                    downstream: .erase(subscriber), size: size, prefetch: prefetch, whenFull: whenFull))
        }

        /// Exact with `.byRequest`: the upstream is asked for everything and a subscriber that
        /// asks for everything gets each value as it comes, as the engine stream gives it. With
        /// `.keepFull` the upstream is asked for `size` values at a time, which a subject honours
        /// by dropping what finds no demand.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine && prefetch == .byRequest }

        /// The upstream's engine stream (values pass straight on to a subscriber that asks for
        /// everything).
        @inlinable
        func engineStream() -> Observable<Output> {
            prefetch == .byRequest ? upstream.asObservable() : ForeignPublisherBridge.observable(self)
        }
    }
}

/// `buffer`'s subscription on the demand path, as Combine's: it asks the upstream for its
/// prefetch (`size` values, or everything) before it hands itself downstream; a value goes
/// straight to a downstream with demand and otherwise waits (at most `size`, then `whenFull`);
/// `.keepFull` asks the upstream for one more per value passed on (returned from `receive(_:)`
/// for a value that went straight through, requested after a request drained waiting values).
/// The upstream's `.finished` is delivered once nothing waits and the downstream has demand; its
/// failure at once, dropping what waits; `.customError`'s failure after the values the demand
/// covers, the others dropped. Values after `.finished` are kept too, as
/// Combine keeps them. Calls into the downstream are serialised with a `DeliveryTurn`; the
/// downstream is kept for the life of this object, as Combine keeps it.
private final class BufferSubscription<Value, Failure: Swift.Error>: DemandSubscriber<Value, Failure>, Subscription,
    @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the lets are immutable. The downstream
    // is called outside the lock, by the holder of `turn` only.
    let lock = Lock.make()
    let size: Int
    let keepsFull: Bool
    let whenFull: Publishers.BufferingStrategy<Failure>
    @exclusivity(unchecked) var slot = UpstreamSlot()
    @exclusivity(unchecked) var downstream: DemandSubscriber<Value, Failure>?
    @exclusivity(unchecked) var values = RingBuffer<Value>()
    @exclusivity(unchecked) var waiting = 0
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The completion to deliver when its time comes.
    @exclusivity(unchecked) var terminal: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) var isHanded = false
    /// The completion was delivered, or the downstream cancelled.
    @exclusivity(unchecked) var isDone = false
    @exclusivity(unchecked) var turn = DeliveryTurn()
    /// The upstream subscription `.customError` cancelled with `.keepFull`, kept until the failure
    /// is out: the values passed on meanwhile are still requested from it, as Combine does.
    @exclusivity(unchecked) var overflowedUpstream: Subscription?

    init(
        downstream: DemandSubscriber<Value, Failure>, size: Int, prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) {
        self.downstream = downstream
        self.size = Swift.max(0, size)
        self.keepsFull = prefetch == .keepFull
        self.whenFull = whenFull
    }

    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = slot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        let prefetch: Subscribers.Demand = keepsFull ? .max(size) : .unlimited
        if prefetch > .none { subscription.request(prefetch) }
        lock.lock()
        guard !isDone, let downstream else { return lock.unlock() }
        isHanded = true
        turn.beginHandOff()
        lock.unlock()
        downstream.receive(subscription: self)
        lock.lock()
        turn.endHandOff()
        lock.unlock()
        refill(drain())
    }

    override func receive(_ input: Value) -> Subscribers.Demand {
        lock.lock()
        if slot.isAwaiting || slot.isCancelled || isDone || terminal?.isFailure == true {
            lock.unlock()
            return .none
        }
        if waiting < size || (waiting == 0 && demand > .none && isHanded && !turn.isBusy) {
            values.append(input)
            waiting += 1
            lock.unlock()
            let passed = drain()
            return keepsFull && passed > 0 ? .max(passed) : .none
        }
        switch whenFull {
        case .dropNewest:
            lock.unlock()
            withExtendedLifetime(input) {}
        case .dropOldest:
            let dropped = values.removeFirst()
            values.append(input)
            lock.unlock()
            withExtendedLifetime(dropped) {}
        case .customError(let makeError):
            lock.unlock()
            let failure = makeError()
            lock.lock()
            let upstream = slot.cancel()
            if !isDone, terminal == nil { terminal = .failure(failure) }
            if keepsFull, !isDone { overflowedUpstream = upstream }
            lock.unlock()
            upstream?.cancel()
        }
        return .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        var dropped: [Value] = []
        if terminal == nil {
            terminal = completion
            if completion.isFailure {
                dropped = values.removeAll()
                waiting = 0
            }
        }
        lock.unlock()
        withExtendedLifetime(dropped) {}
        _ = drain()
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isDone { return lock.unlock() }
        demand += more
        lock.unlock()
        refill(drain())
    }

    /// With `.keepFull`, asks the upstream for as many values as were passed on from the buffer
    /// (as Combine's, also the upstream that `.customError` cancelled, until its failure is out).
    private func refill(_ passed: Int) {
        lock.lock()
        let upstream = slot.subscription ?? overflowedUpstream
        if isDone { overflowedUpstream = nil }
        lock.unlock()
        guard keepsFull, passed > 0 else { return }
        upstream?.request(.max(passed))
    }

    func cancel() {
        lock.lock()
        let upstream = slot.cancel()
        let overflowed = overflowedUpstream.take()
        isDone = true
        terminal = nil
        waiting = 0
        let dropped = values.removeAll()
        lock.unlock()
        upstream?.cancel()
        withExtendedLifetime((dropped, overflowed)) {}
    }

    /// Delivers what the downstream's demand allows, then the completion when its time has come,
    /// on one thread at a time; returns how many values it passed on.
    private func drain() -> Int {
        lock.lock()
        guard isHanded, !isDone, turn.take() else {
            lock.unlock()
            return 0
        }
        var passed = 0
        var dropped: [Value] = []
        while !isDone {
            if demand > .none, let value = values.removeFirst() {
                waiting -= 1
                demand -= 1
                passed += 1
                let downstream = self.downstream
                lock.unlock()
                let more = downstream?.receive(value) ?? .none
                lock.lock()
                if !isDone { demand += more }
            } else if let completion = terminal, completion.isFailure || (waiting == 0 && demand > .none) {
                isDone = true
                terminal = nil
                waiting = 0
                dropped = values.removeAll()
                let downstream = self.downstream
                lock.unlock()
                downstream?.receive(completion: completion)
                lock.lock()
            } else {
                break
            }
        }
        turn.release()
        lock.unlock()
        withExtendedLifetime(dropped) {}
        return passed
    }

    override var description: String { "Buffer" }

    /// Combine's children: the values waiting, the state, the downstream's demand and the
    /// completion waiting.
    override var customMirror: Mirror {
        lock.lock()
        let (waiting, state, demand, terminal) = (values.elements, stateName, self.demand, self.terminal)
        lock.unlock()
        return Mirror(
            self,
            children: [
                ("values", waiting), ("state", state), ("downstreamDemand", demand), ("terminal", terminal as Any),
            ])
    }

    /// The state, named as a mirror shows it (called with `lock` held).
    private var stateName: String {
        if isDone { return "complete" }
        switch slot.state {
        case .awaiting: return "awaitingSubscription"
        case .subscribed: return "subscribed"
        case .finished: return "finished"
        case .cancelled: return "complete"
        }
    }
}

extension Subscribers.Completion {
    /// Whether this is a failure.
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
