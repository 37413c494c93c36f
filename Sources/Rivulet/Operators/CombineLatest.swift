extension ObservableType {
    /// Combines the latest values of two sources with `resultSelector` whenever either emits,
    /// once both have emitted.
    ///
    /// ```
    /// a:      --1-----2-----3--|
    /// b:      -----x-----y-------|
    /// result: -----1x-2x-2y-3y---|
    /// ```
    ///
    /// Completes when every source has completed, or when a value arrives while every other
    /// source has already completed and one of them never emitted (no combination can follow).
    /// A source's subscription ends when it completes. The first error (or throw of
    /// `resultSelector`) is forwarded at once and disposes every source.
    ///
    /// Threading: the sources may emit concurrently from different threads; their events are
    /// serialised in arrival order, so every result combines the latest values at that point.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = CombineLatestSink<O1.Element, O2.Element, Void, Void, Element>(
                downstream, arity: 2, c: (), d: ()
            ) { a, b, _, _ in try resultSelector(a, b) }
            subscriber.setUpstream(sink)
            sink.subscribe(s1, 0) { .a($0) }
            sink.subscribe(s2, 1) { .b($0) }
        }
    }

    /// Combines the latest values of three sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        let s3 = source3.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = CombineLatestSink<O1.Element, O2.Element, O3.Element, Void, Element>(
                downstream, arity: 3, c: nil, d: ()
            ) { a, b, c, _ in try resultSelector(a, b, c) }
            subscriber.setUpstream(sink)
            sink.subscribe(s1, 0) { .a($0) }
            sink.subscribe(s2, 1) { .b($0) }
            sink.subscribe(s3, 2) { .c($0) }
        }
    }

    /// Combines the latest values of four sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        let s3 = source3.asObservable()
        let s4 = source4.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = CombineLatestSink<O1.Element, O2.Element, O3.Element, O4.Element, Element>(
                downstream, arity: 4, c: nil, d: nil, resultSelector
            )
            subscriber.setUpstream(sink)
            sink.subscribe(s1, 0) { .a($0) }
            sink.subscribe(s2, 1) { .b($0) }
            sink.subscribe(s3, 2) { .c($0) }
            sink.subscribe(s4, 3) { .d($0) }
        }
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest values of two sources whenever either emits, once both have
    /// emitted.
    ///
    /// ```swift
    /// Observable.combineLatest(width, height).map { $0 * $1 }
    /// ```
    ///
    /// Completion, errors and threading as for `combineLatest(_:_:resultSelector:)`.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
    }

    /// Emits a tuple of the latest values of three sources whenever any emits, once all have
    /// emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) {
            ($0, $1, $2)
        }
    }

    /// Emits a tuple of the latest values of four sources whenever any emits, once all have
    /// emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(
            source1, source2, source3, source4
        ) { ($0, $1, $2, $3) }
    }
}

/// What a source of `combineLatest` reports: a value in its slot, or its completion.
@usableFromInline
enum CombineLatestInput<A, B, C, D> {
    case a(A)
    case b(B)
    case c(C)
    case d(D)
    case completed(Int)
}

/// The state of one `combineLatest` subscription over two to four sources (unused slots hold
/// `Void`).
///
/// Every source event goes through one `SerialGate`; the gate's delivering thread runs the state
/// machine (store the value, decide, call `resultSelector`, forward) with no lock held. So the
/// state needs no lock and every result reflects the latest values in arrival order.
@usableFromInline
final class CombineLatestSink<A, B, C, D, Result>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`, which serialises them; `gate` has its own lock; `sources` is immutable.
    @usableFromInline typealias Input = CombineLatestInput<A, B, C, D>

    @usableFromInline let downstream: (Event<Result>) -> Void
    @usableFromInline let resultSelector: (A, B, C, D) throws -> Result
    @usableFromInline let arity: Int
    @usableFromInline let sources: [SinkBase]
    @exclusivity(unchecked) @usableFromInline var gate: SerialGate<Input>!

    // (gate)
    @exclusivity(unchecked) @usableFromInline var a: A?
    @exclusivity(unchecked) @usableFromInline var b: B?
    @exclusivity(unchecked) @usableFromInline var c: C?
    @exclusivity(unchecked) @usableFromInline var d: D?
    @exclusivity(unchecked) @usableFromInline var hasValue: UInt8 = 0
    @exclusivity(unchecked) @usableFromInline var isDone: UInt8 = 0
    @exclusivity(unchecked) @usableFromInline var stopped = false

    @inlinable
    init(
        _ downstream: @escaping (Event<Result>) -> Void, arity: Int, c: C?, d: D?,
        _ resultSelector: @escaping (A, B, C, D) throws -> Result
    ) {
        self.downstream = downstream
        self.resultSelector = resultSelector
        self.arity = arity
        self.c = c
        self.d = d
        var sources: [SinkBase] = []
        for _ in 0..<arity { sources.append(SinkBase()) }
        self.sources = sources
        super.init()
        // unowned(unsafe): the gate is owned by this sink and only runs while a source handler,
        // which holds the sink strongly, is delivering.
        gate = SerialGate { [unowned(unsafe) self] event in self.step(event) }
    }

    @inlinable
    var all: UInt8 { UInt8(truncatingIfNeeded: (1 << arity) - 1) }

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
        let index: Int
        switch event {
        case .next(.a(let value)):
            a = value
            index = 0
        case .next(.b(let value)):
            b = value
            index = 1
        case .next(.c(let value)):
            c = value
            index = 2
        case .next(.d(let value)):
            d = value
            index = 3
        case .next(.completed(let index)):
            isDone |= 1 << index
            sources[index].dispose()
            if isDone == all { finish(.completed) }
            return
        case .error(let error):
            finish(.error(error))
            return
        case .completed:
            return
        }
        hasValue |= 1 << index
        if hasValue == all {
            guard let a, let b, let c, let d else { return }
            let result: Result
            do { result = try resultSelector(a, b, c, d) } catch {
                finish(.error(error))
                return
            }
            downstream(.next(result))
        } else if isDone | (1 << index) == all {
            // Every other source has completed and one never emitted: no result can follow.
            finish(.completed)
        }
    }

    @usableFromInline
    func finish(_ event: Event<Result>) {
        stopped = true
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
