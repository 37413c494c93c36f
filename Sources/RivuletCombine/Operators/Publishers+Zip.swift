import Rivulet

extension Publisher {
    /// Pairs the values of this publisher and `other` in order: the first value of each, then the
    /// second of each, and so on (Combine's `zip`).
    ///
    /// ```
    /// self:   --1--2-----3-----|
    /// other:  -----a--b-----c--|
    /// zip:    -----1a-2b----3c-|
    /// ```
    ///
    /// A value waits until every other publisher has sent its counterpart. The zipped publisher
    /// finishes as soon as one publisher has finished and none of its values is still waiting
    /// (no further pair can follow), and cancels the others; it fails with the first failure.
    /// Values that wait are buffered without limit.
    ///
    /// Threading: the publishers may send on different threads at once; their events are
    /// serialised in arrival order, one tuple at a time.
    @inlinable
    public func zip<Other: Publisher>(_ other: Other) -> Publishers.Zip<Self, Other> where Other.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Pairs the values of this publisher and `other` in order and sends `transform`'s result for
    /// each pair.
    ///
    /// ```
    /// self:            --1--2-----|
    /// other:           -----3--4--|
    /// zip(other, +):   -----4--6--|
    /// ```
    @inlinable
    public func zip<Other: Publisher, Result>(
        _ other: Other, _ transform: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.Map<Publishers.Zip<Self, Other>, Result> where Other.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }

    /// Groups the values of this publisher and two others in order, as triples. Completion and
    /// failure as for `zip(_:)`.
    @inlinable
    public func zip<B: Publisher, C: Publisher>(
        _ b: B, _ c: C
    ) -> Publishers.Zip3<Self, B, C> where B.Failure == Failure, C.Failure == Failure {
        Publishers.Zip3(self, b, c)
    }

    /// Groups the values of this publisher and two others in order and sends `transform`'s
    /// result for each group.
    @inlinable
    public func zip<B: Publisher, C: Publisher, Result>(
        _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> Result
    ) -> Publishers.Map<Publishers.Zip3<Self, B, C>, Result> where B.Failure == Failure, C.Failure == Failure {
        Publishers.Zip3(self, b, c).map(transform)
    }

    /// Groups the values of this publisher and three others in order, as quadruples. Completion
    /// and failure as for `zip(_:)`.
    @inlinable
    public func zip<B: Publisher, C: Publisher, D: Publisher>(
        _ b: B, _ c: C, _ d: D
    ) -> Publishers.Zip4<Self, B, C, D> where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.Zip4(self, b, c, d)
    }

    /// Groups the values of this publisher and three others in order and sends `transform`'s
    /// result for each group.
    @inlinable
    public func zip<B: Publisher, C: Publisher, D: Publisher, Result>(
        _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> Result
    ) -> Publishers.Map<Publishers.Zip4<Self, B, C, D>, Result>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        Publishers.Zip4(self, b, c, d).map(transform)
    }
}

extension Publishers {
    /// The values of two publishers paired in order, as tuples; finishes once one publisher has
    /// finished with no value left waiting, fails with the first failure (see `zip(_:)`).
    public struct Zip<A: Publisher, B: Publisher>: Publisher, EnginePublisher where A.Failure == B.Failure {
        /// A tuple of one value from each publisher.
        public typealias Output = (A.Output, B.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B

        /// Zips `a` and `b`.
        @inlinable
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Hands `subscriber` a `Zip` subscription, then subscribes the upstreams in order (see
        /// `ZipSubscription` for Combine's demand and completion rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let zip = ZipSubscription.attach(.erase(subscriber), sides: 2) { ($0[0] as! A.Output, $0[1] as! B.Output) }
            a.subscribe(zip.side(0, A.Output.self))
            b.subscribe(zip.side(1, B.Output.self))
        }

        /// Exact when every upstream is: the engine's zip ends as Combine's does.
        @inlinable
        var isEngineExact: Bool { a.isExactOnEngine && b.isExactOnEngine }

        /// The engine's zip of `a` and `b`, with Combine's completion rule.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.zipSources(a.asObservable(), b.asObservable(), completion: .whenOneIsDrained) { ($0, $1) }
        }
    }

    /// The values of three publishers grouped in order, as tuples (see `zip(_:_:)`).
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        /// A tuple of one value from each publisher.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The shared failure.
        public typealias Failure = A.Failure

        /// The first publisher.
        public let a: A
        /// The second publisher.
        public let b: B
        /// The third publisher.
        public let c: C

        /// Zips `a`, `b` and `c`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Hands `subscriber` a `Zip` subscription, then subscribes the upstreams in order (see
        /// `ZipSubscription` for Combine's demand and completion rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let zip = ZipSubscription.attach(.erase(subscriber), sides: 3) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)
            }
            a.subscribe(zip.side(0, A.Output.self))
            b.subscribe(zip.side(1, B.Output.self))
            c.subscribe(zip.side(2, C.Output.self))
        }

        /// Exact when every upstream is: the engine's zip ends as Combine's does.
        @inlinable
        var isEngineExact: Bool { a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine }

        /// The engine's zip of `a`, `b` and `c`, with Combine's completion rule.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.zipSources(
                a.asObservable(), b.asObservable(), c.asObservable(), completion: .whenOneIsDrained
            ) { ($0, $1, $2) }
        }
    }

    /// The values of four publishers grouped in order, as tuples (see `zip(_:_:_:)`).
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher, EnginePublisher
    where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        /// A tuple of one value from each publisher.
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

        /// Zips `a`, `b`, `c` and `d`.
        @inlinable
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Hands `subscriber` a `Zip` subscription, then subscribes the upstreams in order (see
        /// `ZipSubscription` for Combine's demand and completion rules).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let zip = ZipSubscription.attach(.erase(subscriber), sides: 4) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)
            }
            a.subscribe(zip.side(0, A.Output.self))
            b.subscribe(zip.side(1, B.Output.self))
            c.subscribe(zip.side(2, C.Output.self))
            d.subscribe(zip.side(3, D.Output.self))
        }

        /// Exact when every upstream is: the engine's zip ends as Combine's does.
        @inlinable
        var isEngineExact: Bool { a.isExactOnEngine && b.isExactOnEngine && c.isExactOnEngine && d.isExactOnEngine }

        /// The engine's zip of `a`, `b`, `c` and `d`, with Combine's completion rule.
        @inlinable
        func engineStream() -> Observable<Output> {
            Observable.zipSources(
                a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable(), completion: .whenOneIsDrained
            ) { ($0, $1, $2, $3) }
        }
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {
    /// `true` when both pairs of upstream publishers are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    /// `true` when the upstream publishers are equal one by one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

/// `zip`'s subscription on the demand path (`Zip`, `Zip3`, `Zip4`), as Combine's: it is handed to
/// the subscriber before the upstreams ("sides") are subscribed, in order.
///
/// - Demand passes through: each request of the subscriber goes to every side (a side whose
///   subscription arrives later is asked for what was requested so far). The demand the subscriber
///   returns for a tuple, with what it requested during that call, is returned to the side whose
///   value completed the tuple and requested from the others (Combine's order).
/// - Each side's values wait in order until every side has one; a tuple that finds no demand
///   waits for it.
/// - A side that finishes with no value waiting ends the zip at once (no tuple can follow): the
///   other sides are cancelled, not the finished one, and the subscriber finishes; a side that
///   finishes with values waiting ends it after the tuple that takes its last value. The first
///   failure cancels every side (the failing one too) and fails at once. `cancel()` cancels every
///   live side, once.
///
/// Sides may send from several threads at once: calls into the subscriber never overlap
/// (`DeliveryTurn`).
final class ZipSubscription<Output, Failure: Swift.Error>: Subscription, IndexedSidesOwner, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the downstream is called outside it by
    // the holder of `turn` only.
    let downstream: DemandSubscriber<Output, Failure>
    /// Makes a tuple of one value per side (in side order).
    let combine: ([Any]) -> Output
    let lock = Lock.make()
    let sides: Int
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// All the demand passed to the sides so far (what a late side is asked for).
    @exclusivity(unchecked) var passed = Subscribers.Demand.none
    @exclusivity(unchecked) var subscriptions: [Subscription?]
    @exclusivity(unchecked) var hasSubscribed: [Bool]
    @exclusivity(unchecked) var queues: [RingBuffer<Any>]
    @exclusivity(unchecked) var isFinished: [Bool]
    /// Requests the subscriber made while the turn was held (passed on when the call returns).
    @exclusivity(unchecked) var requestedDuringCall = Subscribers.Demand.none
    @exclusivity(unchecked) var isTerminal = false
    @exclusivity(unchecked) var isCancelled = false
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) var turn = DeliveryTurn()

    private init(downstream: DemandSubscriber<Output, Failure>, sides: Int, combine: @escaping ([Any]) -> Output) {
        self.downstream = downstream
        self.sides = sides
        self.combine = combine
        subscriptions = Array(repeating: nil, count: sides)
        hasSubscribed = Array(repeating: false, count: sides)
        queues = Array(repeating: RingBuffer(), count: sides)
        isFinished = Array(repeating: false, count: sides)
    }

    /// Hands `downstream` a new zip subscription over `sides` upstreams (the caller then
    /// subscribes each with `side(_:)`).
    static func attach(
        _ downstream: DemandSubscriber<Output, Failure>, sides: Int, combine: @escaping ([Any]) -> Output
    ) -> ZipSubscription {
        let zip = ZipSubscription(downstream: downstream, sides: sides, combine: combine)
        downstream.receive(subscription: zip)
        return zip
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
        if turn.isBusy {
            // During a call into the subscriber: passed on when it returns (Combine's order).
            requestedDuringCall += more
            return lock.unlock()
        }
        passed += more
        let live = subscriptions.compactMap { $0 }
        lock.unlock()
        for subscription in live { subscription.request(more) }
        deliver()
    }

    func cancel() {
        lock.lock()
        if isCancelled { return lock.unlock() }
        isCancelled = true
        isTerminal = true
        completion = nil
        let live = subscriptions.compactMap { $0 }
        let dropped = stop()
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
        queues[index].append(value)
        guard isTupleReady, demand > .none, turn.take() else {
            lock.unlock()
            return .none
        }
        // This value completed a tuple: what the subscriber answers goes back to this side.
        let extra = deliverTuple()
        let others = extra > .none ? otherSubscriptions(than: index) : []
        if !others.isEmpty {
            lock.unlock()
            for subscription in others { subscription.request(extra) }
            lock.lock()
        }
        deliverLoop()
        return extra
    }

    func side(_ index: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminal, !isFinished[index] else { return lock.unlock() }
        switch completion {
        case .finished:
            isFinished[index] = true
            subscriptions[index] = nil
            lock.unlock()
            deliver()
        case .failure:
            isTerminal = true
            self.completion = completion
            let live = subscriptions.compactMap { $0 }
            let dropped = stop()
            lock.unlock()
            for subscription in live { subscription.cancel() }
            withExtendedLifetime(dropped) {}
            deliver()
        }
    }

    // MARK: Delivery

    /// Whether every side has a value waiting (called with `lock` held).
    private var isTupleReady: Bool { queues.allSatisfy { !$0.isEmpty } }

    /// Whether a finished side has no value waiting: no tuple can follow (called with `lock` held).
    private var isDrained: Bool { (0..<sides).contains { isFinished[$0] && queues[$0].isEmpty } }

    /// The live subscriptions but `index`'s (called with `lock` held).
    private func otherSubscriptions(than index: Int) -> [Subscription] {
        subscriptions.indices.compactMap { $0 == index ? nil : subscriptions[$0] }
    }

    /// Ends the subscription: empties the queues and forgets the sides' subscriptions (returned to
    /// be released after unlocking). Called with `lock` held.
    private func stop() -> [RingBuffer<Any>] {
        let dropped = queues
        queues = Array(repeating: RingBuffer(), count: sides)
        subscriptions = Array(repeating: nil, count: sides)
        return dropped
    }

    /// Takes a tuple and delivers it, holding the turn; returns what the subscriber answered plus
    /// what it requested during the call, which is added to the demand. Called with `lock` held;
    /// returns with it held.
    private func deliverTuple() -> Subscribers.Demand {
        var values: [Any] = []
        values.reserveCapacity(sides)
        for index in 0..<sides {
            if let value = queues[index].removeFirst() { values.append(value) }
        }
        if demand != .unlimited { demand -= 1 }
        lock.unlock()
        let more = downstream.receive(combine(values))
        lock.lock()
        let extra = more + requestedDuringCall
        requestedDuringCall = .none
        if isTerminal { return .none }
        demand += more
        passed += extra
        return extra
    }

    /// Takes the turn if it is free and delivers what can go.
    private func deliver() {
        lock.lock()
        guard turn.take() else { return lock.unlock() }
        deliverLoop()
    }

    /// Delivers, holding the turn: the failure, the tuples the demand allows (each asking every
    /// side for what the subscriber answered), then the finish once a finished side is drained.
    /// Called with `lock` held; releases the turn and the lock.
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
            if requestedDuringCall > .none {
                // Requested while the turn was held outside a call into the subscriber.
                let more = requestedDuringCall
                requestedDuringCall = .none
                passed += more
                let live = subscriptions.compactMap { $0 }
                lock.unlock()
                for subscription in live { subscription.request(more) }
                lock.lock()
                continue
            }
            if isTupleReady, demand > .none {
                let extra = deliverTuple()
                let live = extra > .none ? subscriptions.compactMap { $0 } : []
                if !live.isEmpty {
                    lock.unlock()
                    for subscription in live { subscription.request(extra) }
                    lock.lock()
                }
                continue
            }
            if isDrained {
                isTerminal = true
                // The finished sides are not cancelled, the others are.
                let others = subscriptions.compactMap { $0 }
                let dropped = stop()
                lock.unlock()
                for subscription in others { subscription.cancel() }
                withExtendedLifetime(dropped) {}
                downstream.receive(completion: .finished)
                lock.lock()
                continue
            }
            break
        }
        turn.release()
        lock.unlock()
    }

    var description: String { "Zip" }

    /// No children, as Combine's.
    var customMirror: Mirror { Mirror(self, children: []) }

    var playgroundDescription: Any { description }
}
