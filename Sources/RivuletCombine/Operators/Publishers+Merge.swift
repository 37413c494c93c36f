import Rivulet

extension Publisher {
    /// Merges this publisher with `other`: values from both as they arrive (the twin of Rx
    /// `Observable.merge`).
    ///
    /// ```
    /// self:   --1-----3--|
    /// other:  ----2-----4--|
    /// merge:  --1-2---3-4--|
    /// ```
    @inlinable
    public func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Merges this publisher with two others.
    @inlinable
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }

    /// Merges this publisher with three others.
    @inlinable
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
        with b: B, _ c: C, _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure
    {
        Publishers.Merge4(self, b, c, d)
    }
}

extension Publishers {
    /// Values from two publishers as they arrive; finishes when both have finished, fails with
    /// the first failure (see `MergeSubscription` for Combine's demand rules: each upstream is
    /// asked for a value at a time while the subscriber's demand is limited).
    public struct Merge<A: Publisher, B: Publisher>: Publisher, EnginePublisher
    where A.Output == B.Output, A.Failure == B.Failure {
        /// The shared output.
        public typealias Output = A.Output
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// Merges `a` and `b`.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` a `Merge` subscription, then subscribes `a` and `b` (see
        /// `MergeSubscription` for Combine's demand rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 2)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool { a.isExactOnEngine && b.isExactOnEngine }

        /// `Observable.merge(a, b)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(a.asObservable(), b.asObservable())
        }
    }

    /// Values from three publishers as they arrive (see `Publishers.Merge`).
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher, EnginePublisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure {
        /// The shared output.
        public typealias Output = A.Output
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// Merges `a`, `b` and `c`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Hands `subscriber` a `Merge` subscription, then subscribes the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 3)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
            c.subscribe(merge.side(2))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool { a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine }

        /// `Observable.merge(a, b, c)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(a.asObservable(), b.asObservable(), c.asObservable())
        }
    }

    /// Values from four publishers as they arrive (see `Publishers.Merge`).
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher, EnginePublisher
    where
        A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure
    {
        /// The shared output.
        public typealias Output = A.Output
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C
        /// The fourth publisher.
        public let d: D

        /// Merges `a`, `b`, `c` and `d`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Hands `subscriber` a `Merge` subscription, then subscribes the upstreams in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: 4)
            a.subscribe(merge.side(0))
            b.subscribe(merge.side(1))
            c.subscribe(merge.side(2))
            d.subscribe(merge.side(3))
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool { a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine && d.isExactOnEngine }

        /// `Observable.merge(a, b, c, d)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable())
        }
    }
}

extension Publishers {
    /// Values from any number of publishers of one type as they arrive; finishes when all have
    /// finished, fails with the first failure (Combine's `MergeMany`; demand as for
    /// `Publishers.Merge`).
    ///
    /// ```swift
    /// Publishers.MergeMany(requests).collect().sink { responses in ... }
    /// ```
    public struct MergeMany<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstreams' output.
        public typealias Output = Upstream.Output
        /// The upstreams' failure.
        public typealias Failure = Upstream.Failure

        /// The publishers merged.
        public let publishers: [Upstream]

        /// Merges `upstream`.
        @inlinable
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// Merges the publishers of `upstream`.
        @inlinable
        public init<Upstreams: Swift.Sequence>(_ upstream: Upstreams) where Upstreams.Element == Upstream {
            publishers = Array(upstream)
        }

        /// This merge with `other` added.
        @inlinable
        public func merge(with other: Upstream) -> MergeMany {
            MergeMany(publishers + [other])
        }

        /// Hands `subscriber` a `Merge` subscription, then subscribes the publishers in order (with
        /// none, the merge finishes at the subscriber's first request).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergeSubscription.attach(.erase(subscriber), sides: publishers.count)
            for (index, publisher) in publishers.enumerated() { publisher.subscribe(merge.side(index)) }
        }

        /// Exact when every upstream is.
        @inlinable
        var isEngineExact: Bool { publishers.allSatisfy { $0.isExactOnEngine } }

        /// `Observable.merge(publishers)` (finishes at once when there are none).
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.merge(publishers.map { $0.asObservable() })
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

/// The subscription of every merge (`Merge` to `Merge8`, `MergeMany`) on the demand path, as
/// Combine's: it is handed to the subscriber before the upstreams are subscribed, and the
/// upstreams ("sides") are then asked for values one at a time.
///
/// - A side is asked for `.max(1)` when its subscription arrives (`.unlimited` once the
///   subscriber's demand is unlimited), and for one more each time one of its values is
///   delivered against a limited demand (the `.max(1)` its value returns).
/// - A value that finds no demand waits in its side's slot, one per side (a later one from the
///   same side replaces it, as Combine's do); a request delivers the waiting values in side
///   order, each then asking its side for one more. A request that makes the demand unlimited
///   delivers them all and asks every side for `.unlimited`.
/// - The merge finishes once every side has finished (Combine counts finishes, not sides) and no
///   value waits; the first failure cancels every side (the failing one too) and fails at once,
///   dropping what waits. `cancel()` cancels every side, once.
/// - As Combine's, values a side still sends after the merge has finished are passed on while
///   the demand allows; after a failure or a cancel nothing more is delivered.
///
/// Sides may send from several threads at once: calls into the subscriber never overlap
/// (`DeliveryTurn`); a value accepted against the demand while another thread delivers waits for
/// it, so what waits is bounded by the demand (one value per side while it is limited).
final class MergeSubscription<Output, Failure: Swift.Error>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the downstream is called outside it by
    // the holder of `turn` only.
    let downstream: DemandSubscriber<Output, Failure>
    let lock = Lock.make()
    let sides: Int
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The sides' subscriptions (`nil` before one arrives, after the side finished and at the end).
    @exclusivity(unchecked) var subscriptions: [Subscription?]
    /// A value per side that found no demand (Combine's one-value buffer per side).
    @exclusivity(unchecked) var waiting: [Output?]
    @exclusivity(unchecked) var waitingCount = 0
    /// Values taken against the demand while another thread (or this one, reentrantly) delivered.
    @exclusivity(unchecked) var accepted = RingBuffer<Output>()
    @exclusivity(unchecked) var finishes = 0
    /// Finished, failed or cancelled: no request or subscription is taken any more.
    @exclusivity(unchecked) var isTerminal = false
    /// Failed or cancelled: nothing more is delivered.
    @exclusivity(unchecked) var isStopped = false
    /// A failure to deliver.
    @exclusivity(unchecked) var failure: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) var turn = DeliveryTurn()

    private init(downstream: DemandSubscriber<Output, Failure>, sides: Int) {
        self.downstream = downstream
        self.sides = sides
        subscriptions = Array(repeating: nil, count: sides)
        waiting = Array(repeating: nil, count: sides)
    }

    /// Hands `downstream` a new merge subscription over `sides` upstreams (the caller then
    /// subscribes each with `side(_:)`).
    static func attach(_ downstream: DemandSubscriber<Output, Failure>, sides: Int) -> MergeSubscription {
        let merge = MergeSubscription(downstream: downstream, sides: sides)
        downstream.receive(subscription: merge)
        return merge
    }

    /// The subscriber for upstream number `index`.
    func side(_ index: Int) -> DemandSubscriber<Output, Failure> { MergeSide(parent: self, index: index) }

    // MARK: The subscriber's side

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isTerminal || more == .none || demand == .unlimited { return lock.unlock() }
        demand += more
        let everything = demand == .unlimited ? subscriptions.compactMap { $0 } : []
        lock.unlock()
        deliver()
        for subscription in everything { subscription.request(.unlimited) }
    }

    func cancel() {
        lock.lock()
        // A failure not delivered yet is not delivered after the cancel.
        failure = nil
        if isStopped { return lock.unlock() }
        let released = stop()
        lock.unlock()
        for subscription in released.subscriptions { subscription.cancel() }
        withExtendedLifetime(released) {}
    }

    // MARK: The sides

    func side(_ index: Int, received subscription: Subscription) {
        lock.lock()
        guard !isTerminal, subscriptions[index] == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        subscriptions[index] = subscription
        let first: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
        lock.unlock()
        subscription.request(first)
    }

    func side(_ index: Int, received value: Output) -> Subscribers.Demand {
        lock.lock()
        if isStopped {
            lock.unlock()
            return .none
        }
        if demand == .none {
            // Combine keeps one value per side; a second one sent without demand replaces it.
            let replaced = waiting[index]
            if replaced == nil { waitingCount += 1 }
            waiting[index] = value
            lock.unlock()
            withExtendedLifetime(replaced) {}
            return .none
        }
        let unlimited = demand == .unlimited
        if !unlimited { demand -= 1 }
        guard turn.take() else {
            accepted.append(value)
            lock.unlock()
            return unlimited ? .none : .max(1)
        }
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        if !isStopped, demand != .unlimited { demand += more }
        deliverLoop()
        // Unlimited: the side was asked for everything already; limited: one more from this side.
        return unlimited ? .none : .max(1)
    }

    func side(_ index: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        switch completion {
        case .finished:
            finishes += 1
            let finished = subscriptions[index]
            subscriptions[index] = nil
            lock.unlock()
            withExtendedLifetime(finished) {}
            deliver()
        case .failure:
            if isTerminal { return lock.unlock() }
            failure = completion
            let released = stop()
            lock.unlock()
            for subscription in released.subscriptions { subscription.cancel() }
            withExtendedLifetime(released) {}
            deliver()
        }
    }

    // MARK: Delivery

    /// Ends the subscription: takes the sides' subscriptions (to cancel after unlocking) and what
    /// waits (to release after unlocking). Called with `lock` held.
    private func stop() -> (subscriptions: [Subscription], waiting: [Output?], accepted: [Output]) {
        isStopped = true
        isTerminal = true
        let released = (subscriptions.compactMap { $0 }, waiting, accepted.removeAll())
        subscriptions = Array(repeating: nil, count: sides)
        waiting = Array(repeating: nil, count: sides)
        waitingCount = 0
        return released
    }

    /// Takes the turn if it is free and delivers what can go.
    private func deliver() {
        lock.lock()
        guard turn.take() else { return lock.unlock() }
        deliverLoop()
    }

    /// Delivers, holding the turn: accepted values, then waiting values the demand allows (each
    /// asking its side for one more while the demand is limited), then the completion once every
    /// side has finished and nothing waits. Called with `lock` held; releases the turn and the lock.
    private func deliverLoop() {
        while true {
            if let failure {
                self.failure = nil
                lock.unlock()
                downstream.receive(completion: failure)
                lock.lock()
                continue
            }
            if isStopped { break }
            if let value = accepted.removeFirst() {
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                if !isStopped, demand != .unlimited { demand += more }
                continue
            }
            if waitingCount > 0, demand > .none, let index = waiting.firstIndex(where: { $0 != nil }),
                let value = waiting[index]
            {
                waiting[index] = nil
                waitingCount -= 1
                let limited = demand != .unlimited
                if limited { demand -= 1 }
                let side = limited ? subscriptions[index] : nil
                lock.unlock()
                let more = downstream.receive(value)
                side?.request(.max(1))
                lock.lock()
                if !isStopped, demand != .unlimited { demand += more }
                continue
            }
            if !isTerminal, finishes >= sides, waitingCount == 0 {
                // Finished: what a side that finished twice left live is cancelled, as Combine does.
                isTerminal = true
                let leftover = subscriptions.compactMap { $0 }
                subscriptions = Array(repeating: nil, count: sides)
                lock.unlock()
                for subscription in leftover { subscription.cancel() }
                downstream.receive(completion: .finished)
                lock.lock()
                continue
            }
            break
        }
        turn.release()
        lock.unlock()
    }

    var description: String { "Merge" }

    /// No children, as Combine's.
    var customMirror: Mirror { Mirror(self, children: []) }

    var playgroundDescription: Any { description }
}

/// The subscriber a merge attaches to one upstream: it passes everything to its
/// `MergeSubscription` with its index.
private final class MergeSide<Output, Failure: Swift.Error>: DemandSubscriber<Output, Failure> {
    let parent: MergeSubscription<Output, Failure>
    let index: Int

    init(parent: MergeSubscription<Output, Failure>, index: Int) {
        self.parent = parent
        self.index = index
    }

    override func receive(subscription: Subscription) { parent.side(index, received: subscription) }

    override func receive(_ input: Output) -> Subscribers.Demand { parent.side(index, received: input) }

    override func receive(completion: Subscribers.Completion<Failure>) { parent.side(index, received: completion) }

    override var description: String { "Merge" }

    /// Combine's child: the merge subscription's identifier.
    override var customMirror: Mirror {
        Mirror(self, children: [("parentSubscription", parent.combineIdentifier)])
    }
}
