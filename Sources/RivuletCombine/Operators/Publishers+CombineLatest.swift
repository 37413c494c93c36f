import Rivulet

extension Publisher {
    /// Pairs the latest values of this publisher and `other` each time either sends, once both
    /// have sent (the twin of Rx `Observable.combineLatest`).
    ///
    /// ```
    /// self:          --a-----b-----|
    /// other:         -----1-----2--|
    /// combineLatest: -----a1-b1-b2-|
    /// ```
    @inlinable
    public func combineLatest<Other: Publisher>(_ other: Other) -> Publishers.CombineLatest<Self, Other>
    where Other.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Combines the latest values of this publisher and `other` with `transform`.
    @inlinable
    public func combineLatest<Other: Publisher, Result>(
        _ other: Other, _ transform: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest<Self, Other>, Result> where Other.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// Triples the latest values of this publisher and two others.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher>(
        _ b: B, _ c: C
    ) -> Publishers.CombineLatest3<Self, B, C> where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c)
    }

    /// Combines the latest values of this publisher and two others with `transform`.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, Result>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c).map(transform)
    }

    /// Combines the latest values of this publisher and three others, as quadruples.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(
        _ b: B, _ c: C, _ d: D
    ) -> Publishers.CombineLatest4<Self, B, C, D>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.CombineLatest4(self, b, c, d)
    }

    /// Combines the latest values of this publisher and three others with `transform`.
    @inlinable
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher, Result>(
        _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> Result
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, Result>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.CombineLatest4(self, b, c, d).map(transform)
    }
}

extension Publishers {
    /// The latest values of two publishers, as a tuple, each time either sends once both have
    /// sent; finishes when both have finished, fails with the first failure (see
    /// `CombineLatestSubscription`).
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher, EnginePublisher where A.Failure == B.Failure {
        /// A tuple of the latest values.
        public typealias Output = (A.Output, B.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// Combines `a` and `b`.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` a `CombineLatest` subscription, then subscribes the upstreams in order
        /// (see `CombineLatestSubscription` for Combine's demand and completion rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let latest = CombineLatestSubscription.attach(.erase(subscriber), sides: 2) {
                ($0[0] as! A.Output, $0[1] as! B.Output)
            }
            a.subscribe(latest.side(0, A.Output.self))
            b.subscribe(latest.side(1, B.Output.self))
        }

        /// Never exact: the engine's `combineLatest` (RxSwift's) ends as soon as no combination can
        /// follow, Combine's only once every upstream has finished.
        @inlinable
        var isEngineExact: Bool { false }

        /// `Observable.combineLatest(a, b)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.combineLatest(a.asObservable(), b.asObservable())
        }
    }

    /// The latest values of three publishers, as a tuple (see `Publishers.CombineLatest`).
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// A tuple of the latest values.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// Combines `a`, `b` and `c`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Hands `subscriber` a `CombineLatest` subscription, then subscribes the upstreams in order
        /// (see `CombineLatestSubscription` for Combine's demand and completion rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let latest = CombineLatestSubscription.attach(.erase(subscriber), sides: 3) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)
            }
            a.subscribe(latest.side(0, A.Output.self))
            b.subscribe(latest.side(1, B.Output.self))
            c.subscribe(latest.side(2, C.Output.self))
        }

        /// Never exact: the engine's `combineLatest` (RxSwift's) ends as soon as no combination can
        /// follow, Combine's only once every upstream has finished.
        @inlinable
        var isEngineExact: Bool { false }

        /// `Observable.combineLatest(a, b, c)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.combineLatest(a.asObservable(), b.asObservable(), c.asObservable())
        }
    }
}

extension Publishers {
    /// The latest values of four publishers, as a tuple (see `Publishers.CombineLatest`).
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        /// A tuple of the latest values.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
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

        /// Combines `a`, `b`, `c` and `d`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Hands `subscriber` a `CombineLatest` subscription, then subscribes the upstreams in order
        /// (see `CombineLatestSubscription` for Combine's demand and completion rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let latest = CombineLatestSubscription.attach(.erase(subscriber), sides: 4) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)
            }
            a.subscribe(latest.side(0, A.Output.self))
            b.subscribe(latest.side(1, B.Output.self))
            c.subscribe(latest.side(2, C.Output.self))
            d.subscribe(latest.side(3, D.Output.self))
        }

        /// Never exact: the engine's `combineLatest` (RxSwift's) ends as soon as no combination can
        /// follow, Combine's only once every upstream has finished.
        @inlinable
        var isEngineExact: Bool { false }

        /// `Observable.combineLatest(a, b, c, d)`.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.combineLatest(a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable())
        }
    }
}

/// `combineLatest`'s subscription on the demand path (`CombineLatest` to `CombineLatest4`), as
/// Combine's: it is handed to the subscriber before the upstreams ("sides") are subscribed, in
/// order.
///
/// - Demand passes through: each request of the subscriber goes to every side at once (a side
///   whose subscription arrives later is asked for what was requested so far), and so does the
///   demand the subscriber returns for a combination; the sides' values return `.none`.
/// - Once every side has sent a value, each value sends the combination of the latest values if
///   there is demand; without demand the combination is dropped (the latest values are kept, and a
///   later request sends nothing until a side sends again).
/// - The subscription finishes once every side has finished (a side that finished without a value
///   makes every later combination impossible, but Combine still waits for the others). The first
///   failure cancels the other sides, not the failing one, and fails. `cancel()` cancels every
///   live side, once.
///
/// Sides may send from several threads at once: calls into the subscriber never overlap
/// (`DeliveryTurn`); a combination made while another call runs is sent after it, as the latest
/// one (Combine drops one made during a call from inside the subscriber).
final class CombineLatestSubscription<Output, Failure: Swift.Error>: Subscription, IndexedSidesOwner,
    CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the downstream is called outside it by
    // the holder of `turn` only.
    let downstream: DemandSubscriber<Output, Failure>
    /// Makes a combination of one value per side (in side order).
    let combine: ([Any]) -> Output
    let lock = Lock.make()
    let sides: Int
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// All the demand passed to the sides so far (what a late side is asked for).
    @exclusivity(unchecked) var passed = Subscribers.Demand.none
    @exclusivity(unchecked) var subscriptions: [Subscription?]
    @exclusivity(unchecked) var hasSubscribed: [Bool]
    @exclusivity(unchecked) var latest: [Any?]
    @exclusivity(unchecked) var missing: Int
    @exclusivity(unchecked) var isFinished: [Bool]
    @exclusivity(unchecked) var finishes = 0
    /// A combination is due (made while another call ran).
    @exclusivity(unchecked) var isDue = false
    @exclusivity(unchecked) var isTerminal = false
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) var turn = DeliveryTurn()

    private init(downstream: DemandSubscriber<Output, Failure>, sides: Int, combine: @escaping ([Any]) -> Output) {
        self.downstream = downstream
        self.sides = sides
        self.combine = combine
        subscriptions = Array(repeating: nil, count: sides)
        hasSubscribed = Array(repeating: false, count: sides)
        latest = Array(repeating: nil, count: sides)
        missing = sides
        isFinished = Array(repeating: false, count: sides)
    }

    /// Hands `downstream` a new subscription over `sides` upstreams (the caller then subscribes
    /// each with `side(_:_:)`).
    static func attach(
        _ downstream: DemandSubscriber<Output, Failure>, sides: Int, combine: @escaping ([Any]) -> Output
    ) -> CombineLatestSubscription {
        let subscription = CombineLatestSubscription(downstream: downstream, sides: sides, combine: combine)
        downstream.receive(subscription: subscription)
        return subscription
    }

    /// The subscriber for upstream number `index`.
    func side<Input>(_ index: Int, _: Input.Type) -> DemandSubscriber<Input, Failure> {
        IndexedSide(parent: self, index: index)
    }

    // MARK: The subscriber's side

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isTerminal || more == .none { return lock.unlock() }
        demand += more
        passed += more
        let live = subscriptions.compactMap { $0 }
        lock.unlock()
        for subscription in live { subscription.request(more) }
    }

    func cancel() {
        lock.lock()
        if isTerminal, completion == nil { return lock.unlock() }
        isTerminal = true
        completion = nil
        let (live, dropped) = stop()
        lock.unlock()
        for subscription in live { subscription.cancel() }
        withExtendedLifetime(dropped) {}
    }

    // MARK: The sides

    func side(_ index: Int, received subscription: Subscription) {
        lock.lock()
        guard !isTerminal, !hasSubscribed[index] else {
            lock.unlock()
            return subscription.cancel()
        }
        hasSubscribed[index] = true
        subscriptions[index] = subscription
        let asked = passed
        lock.unlock()
        if asked > .none { subscription.request(asked) }
    }

    func side(_ index: Int, received value: Any) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminal, !isFinished[index] else {
            lock.unlock()
            return .none
        }
        if latest[index] == nil { missing -= 1 }
        let replaced = latest[index]
        latest[index] = value
        guard missing == 0, demand > .none else {
            lock.unlock()
            withExtendedLifetime(replaced) {}
            return .none
        }
        isDue = true
        guard turn.take() else {
            lock.unlock()
            withExtendedLifetime(replaced) {}
            return .none
        }
        deliverLoop()
        withExtendedLifetime(replaced) {}
        return .none
    }

    func side(_ index: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminal, !isFinished[index] else { return lock.unlock() }
        isFinished[index] = true
        subscriptions[index] = nil
        switch completion {
        case .finished:
            finishes += 1
            guard finishes == sides else { return lock.unlock() }
            isTerminal = true
            self.completion = completion
            let (_, dropped) = stop()
            lock.unlock()
            withExtendedLifetime(dropped) {}
        case .failure:
            isTerminal = true
            self.completion = completion
            // The failing side is not cancelled, the others are.
            let (live, dropped) = stop()
            lock.unlock()
            for subscription in live { subscription.cancel() }
            withExtendedLifetime(dropped) {}
        }
        lock.lock()
        guard turn.take() else { return lock.unlock() }
        deliverLoop()
    }

    // MARK: Delivery

    /// Forgets the sides' subscriptions and the latest values (returned, to be cancelled and
    /// released after unlocking). Called with `lock` held.
    private func stop() -> (live: [Subscription], dropped: [Any?]) {
        let live = subscriptions.compactMap { $0 }
        let dropped = latest
        subscriptions = Array(repeating: nil, count: sides)
        latest = Array(repeating: nil, count: sides)
        isDue = false
        return (live, dropped)
    }

    /// Delivers, holding the turn: the combination that is due (while there is demand), then the
    /// completion. Called with `lock` held; releases the turn and the lock.
    private func deliverLoop() {
        while true {
            if let completion {
                self.completion = nil
                lock.unlock()
                downstream.receive(completion: completion)
                lock.lock()
                continue
            }
            if isTerminal { break }
            if isDue, demand > .none {
                isDue = false
                if demand != .unlimited { demand -= 1 }
                // Every side has a value (`missing == 0`), so no element is dropped.
                let values = latest.compactMap { $0 }
                lock.unlock()
                let more = downstream.receive(combine(values))
                lock.lock()
                guard !isTerminal, more > .none else { continue }
                demand += more
                passed += more
                let live = subscriptions.compactMap { $0 }
                lock.unlock()
                for subscription in live { subscription.request(more) }
                lock.lock()
                continue
            }
            isDue = false
            break
        }
        turn.release()
        lock.unlock()
    }

    var description: String { "CombineLatest" }

    /// No children, as Combine's.
    var customMirror: Mirror { Mirror(self, children: []) }

    var playgroundDescription: Any { description }
}
