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
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
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

        /// The engine's zip of `a` and `b`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            Observable._combineZip(a.asObservable(), b.asObservable())
        }
    }

    /// The values of three publishers grouped in order, as tuples (see `zip(_:_:)`).
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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

        /// The engine's zip of `a`, `b` and `c`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            Observable._combineZip(a.asObservable(), b.asObservable(), c.asObservable())
        }
    }

    /// The values of four publishers grouped in order, as tuples (see `zip(_:_:_:)`).
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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

        /// The engine's zip of `a`, `b`, `c` and `d`.
        @inlinable
        public func asObservable() -> Observable<Output> {
            Observable._combineZip(a.asObservable(), b.asObservable(), c.asObservable(), d.asObservable())
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

// MARK: - The engine operator

// The engine has no `zip` of its own yet: this is the Combine dialect's private one. Its
// semantics are RxSwift's `zip` as well, so an Rx `Observable.zip` can replace it one for one.

extension Observable {
    /// Zips two sources (the engine operator behind `Publishers.Zip`).
    @inlinable
    static func _combineZip<A, B>(_ a: Observable<A>, _ b: Observable<B>) -> Observable<Element>
    where Element == (A, B) {
        AnonymousObservable { downstream, subscriber in
            let sink = _CombineZipSink<A, B, Void, Void, Element>(downstream, arity: 2, c: (), d: ()) {
                a, b, _, _ in (a, b)
            }
            subscriber.setUpstream(sink)
            sink.subscribe(a, 0) { .a($0) }
            sink.subscribe(b, 1) { .b($0) }
        }
    }

    /// Zips three sources (the engine operator behind `Publishers.Zip3`).
    @inlinable
    static func _combineZip<A, B, C>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>
    ) -> Observable<Element> where Element == (A, B, C) {
        AnonymousObservable { downstream, subscriber in
            let sink = _CombineZipSink<A, B, C, Void, Element>(downstream, arity: 3, c: nil, d: ()) {
                a, b, c, _ in (a, b, c)
            }
            subscriber.setUpstream(sink)
            sink.subscribe(a, 0) { .a($0) }
            sink.subscribe(b, 1) { .b($0) }
            sink.subscribe(c, 2) { .c($0) }
        }
    }

    /// Zips four sources (the engine operator behind `Publishers.Zip4`).
    @inlinable
    static func _combineZip<A, B, C, D>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, _ d: Observable<D>
    ) -> Observable<Element> where Element == (A, B, C, D) {
        AnonymousObservable { downstream, subscriber in
            let sink = _CombineZipSink<A, B, C, D, Element>(downstream, arity: 4, c: nil, d: nil) { ($0, $1, $2, $3) }
            subscriber.setUpstream(sink)
            sink.subscribe(a, 0) { .a($0) }
            sink.subscribe(b, 1) { .b($0) }
            sink.subscribe(c, 2) { .c($0) }
            sink.subscribe(d, 3) { .d($0) }
        }
    }
}

/// A first-in first-out buffer of the values one zip source sent ahead of the others.
@usableFromInline
struct _CombineZipQueue<Value> {
    @usableFromInline var values: ContiguousArray<Value> = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == values.count }

    @inlinable
    mutating func push(_ value: Value) { values.append(value) }

    /// The oldest value; the storage is kept for the next ones once the buffer runs empty.
    @inlinable
    mutating func pop() -> Value? {
        guard head < values.count else { return nil }
        let value = values[head]
        head += 1
        if head == values.count {
            values.removeAll(keepingCapacity: true)
            head = 0
        }
        return value
    }

    @inlinable
    mutating func removeAll() {
        values = []
        head = 0
    }
}

/// What a source of the zip reports: a value in its slot, or its completion.
@usableFromInline
enum _CombineZipInput<A, B, C, D> {
    case a(A)
    case b(B)
    case c(C)
    case d(D)
    case completed(Int)
}

/// The state of one zip subscription over two to four sources (unused slots are `Void` and
/// always ready).
///
/// As in `CombineLatestSink`, every source event goes through one `SerialGate`, and the gate's
/// delivering thread runs the state machine (buffer the value, pair the oldest values, decide
/// whether the zip is over) with no lock held. Each source has its own subscription slot,
/// disposed when that source completes and when the zip ends.
@usableFromInline
final class _CombineZipSink<A, B, C, D, Result>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`, which serialises them; `gate` has its own lock; the lets are immutable.
    @usableFromInline typealias Input = _CombineZipInput<A, B, C, D>

    @usableFromInline let downstream: (Event<Result>) -> Void
    @usableFromInline let combine: (A, B, C, D) -> Result
    @usableFromInline let arity: Int
    /// The values of the unused slots (`()`), `nil` for the used ones.
    @usableFromInline let fixedC: C?
    @usableFromInline let fixedD: D?
    @usableFromInline let sources: [SinkBase]
    @exclusivity(unchecked) @usableFromInline var gate: SerialGate<Input>!

    // (gate)
    @exclusivity(unchecked) @usableFromInline var qa = _CombineZipQueue<A>()
    @exclusivity(unchecked) @usableFromInline var qb = _CombineZipQueue<B>()
    @exclusivity(unchecked) @usableFromInline var qc = _CombineZipQueue<C>()
    @exclusivity(unchecked) @usableFromInline var qd = _CombineZipQueue<D>()
    /// Bit `i`: source `i` has a value waiting (the unused slots' bits are always set).
    @exclusivity(unchecked) @usableFromInline var ready: UInt8
    /// Bit `i`: source `i` has finished.
    @exclusivity(unchecked) @usableFromInline var done: UInt8 = 0
    @exclusivity(unchecked) @usableFromInline var stopped = false

    @inlinable
    init(
        _ downstream: @escaping (Event<Result>) -> Void, arity: Int, c: C?, d: D?,
        _ combine: @escaping (A, B, C, D) -> Result
    ) {
        self.downstream = downstream
        self.combine = combine
        self.arity = arity
        fixedC = c
        fixedD = d
        ready = ~UInt8(truncatingIfNeeded: (1 << arity) - 1) & 0b1111
        var sources: [SinkBase] = []
        for _ in 0..<arity { sources.append(SinkBase()) }
        self.sources = sources
        super.init()
        // unowned(unsafe): the gate is owned by this sink and only runs while a source handler,
        // which holds the sink strongly, is delivering.
        gate = SerialGate { [unowned(unsafe) self] event in self.step(event) }
    }

    /// Subscribes source `index`, tagging its values with `wrap`.
    @inlinable
    func subscribe<Value>(_ source: Observable<Value>, _ index: Int, _ wrap: @escaping (Value) -> Input) {
        if isDisposed { return }
        source._subscribe(
            { [self] event in
                switch event {
                case .next(let value): gate.send(.next(wrap(value)))
                case .error(let error): gate.send(.error(error))
                case .completed: gate.send(.next(.completed(index)))
                }
            }, sources[index])
    }

    /// One serialised source event.
    @inlinable
    func step(_ event: Event<Input>) {
        if stopped { return }
        switch event {
        case .next(.a(let value)):
            qa.push(value)
            ready |= 1
        case .next(.b(let value)):
            qb.push(value)
            ready |= 2
        case .next(.c(let value)):
            qc.push(value)
            ready |= 4
        case .next(.d(let value)):
            qd.push(value)
            ready |= 8
        case .next(.completed(let index)):
            done |= 1 << index
            sources[index].dispose()
            // Nothing of this source is waiting: no further tuple can be made.
            if ready & (1 << index) == 0 { finish(.completed) }
            return
        case .error(let error):
            finish(.error(error))
            return
        case .completed:
            return
        }
        if ready != 0b1111 { return }
        guard let a = qa.pop(), let b = qb.pop(), let c = arity > 2 ? qc.pop() : fixedC,
            let d = arity > 3 ? qd.pop() : fixedD
        else { return }
        ready = (qa.isEmpty ? 0 : 1) | (qb.isEmpty ? 0 : 2)
        ready |= arity > 2 ? (qc.isEmpty ? 0 : 4) : 4
        ready |= arity > 3 ? (qd.isEmpty ? 0 : 8) : 8
        // A finished source whose buffer this tuple emptied ends the zip after the tuple.
        let over = done & ~ready != 0
        downstream(.next(combine(a, b, c, d)))
        if over, !isDisposed { finish(.completed) }
    }

    @usableFromInline
    func finish(_ event: Event<Result>) {
        stopped = true
        qa.removeAll()
        qb.removeAll()
        qc.removeAll()
        qd.removeAll()
        downstream(event)
        dispose()
    }

    @usableFromInline
    override func willDispose() { gate.close() }

    @usableFromInline
    override func didDispose() {
        for source in sources { source.dispose() }
    }
}
