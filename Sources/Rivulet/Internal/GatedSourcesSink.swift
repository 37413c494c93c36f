/// The shared half of the multi-source operators whose state is confined to the gate
/// (`combineLatest`, `zip`, their collection forms, `sample`; docs/DESIGN.md): one subscription
/// slot per source (in `sources`; `sample` keeps its two as fields of its own), every source event
/// tagged as an `Input` and sent through one `SerialGate`, and the gate's delivering thread
/// running the subclass's state machine with no lock held.
///
/// A subclass creates the gate at the end of its initialiser, pointing at its own `step`
/// (`gate = SerialGate { [unowned(unsafe) self] event in self.step(event) }`), so an event reaches
/// the state machine through one direct call. `finish` sends the result's terminal event and
/// disposes; disposal closes the gate (waiting for a delivery in progress on another thread) and
/// then disposes every source's slot.
@usableFromInline
class GatedSourcesSink<Input, Result>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `stopped` (and the subclasses' fields marked (gate)) are only touched
    // by the thread delivering through `gate`, which serialises them; `gate` has its own lock;
    // `downstream` and `sources` are immutable.
    @usableFromInline let downstream: (Event<Result>) -> Void
    /// One subscription slot per source, disposed when that source completes and when the whole
    /// subscription ends.
    @usableFromInline let sources: [SinkBase]
    /// Made once the subclass can point it at its state machine (the end of its initialiser, or
    /// `SlotSink.startGate()` before the sink is handed to anyone). Optional, not implicitly
    /// unwrapped: a sink ended before its gate exists (a downstream that had already ended when
    /// the operator attached it) has nothing to close, and a source event can only come from a
    /// source subscribed after the gate was made.
    @exclusivity(unchecked) @usableFromInline final var gate: SerialGate<Input>?
    /// The result has sent its terminal event (gate).
    @exclusivity(unchecked) @usableFromInline final var stopped = false

    // Not inlinable: it runs once per subscription (compiled once, here).
    @usableFromInline
    init(_ downstream: @escaping (Event<Result>) -> Void, sourceCount: Int) {
        self.downstream = downstream
        var sources: [SinkBase] = []
        for _ in 0..<sourceCount { sources.append(SinkBase()) }
        self.sources = sources
    }

    /// A gate whose deliveries run `step` on `sink`, held unretained: the gate is owned by the
    /// sink and only runs while a source handler, which holds the sink strongly, is delivering (so
    /// no retain and release per event either). Compiled once, here, for the initialisers of the
    /// sinks that are handed their specialised `step`.
    static func gate<Sink: AnyObject>(
        running step: @escaping (Sink, Event<Input>) -> Void, on sink: Sink
    ) -> SerialGate<Input> {
        let sink = Unmanaged.passUnretained(sink)
        return SerialGate { event in sink._withUnsafeGuaranteedRef { step($0, event) } }
    }

    /// Sends the result's error and disposes everything.
    @usableFromInline
    final func fail(_ error: Swift.Error) {
        finish(.error(error))
    }

    /// Sends the result's terminal event and disposes everything.
    @usableFromInline
    final func finish(_ event: Event<Result>) {
        stopped = true
        downstream(event)
        dispose()
    }

    @usableFromInline
    override final func willDispose() -> Int {
        guard let gate else { return 0 }
        return gate.close(notifying: self) ? 0 : 1
    }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate?.releaseDownstream() }

    /// Disposes every source's slot (a subclass that overrides this calls it first, then releases
    /// what it buffered: no delivery runs any more).
    @usableFromInline
    override func didDispose() {
        for source in sources { source.dispose() }
    }
}

/// What a source of a fixed-arity `combineLatest` or `zip` reports: a value in its slot, or its
/// completion.
@usableFromInline
enum SlotInput<V1, V2, V3, V4, V5, V6, V7, V8> {
    case v1(V1)
    case v2(V2)
    case v3(V3)
    case v4(V4)
    case v5(V5)
    case v6(V6)
    case v7(V7)
    case v8(V8)
    case completed(Int)
}

extension GatedSourcesSink {
    /// Subscribes source `index`, tagging its values with `wrap`.
    @inlinable @inline(never)
    final func subscribe<Value, V1, V2, V3, V4, V5, V6, V7, V8>(
        _ source: Observable<Value>, _ index: Int, _ wrap: @escaping (Value) -> Input
    ) where Input == SlotInput<V1, V2, V3, V4, V5, V6, V7, V8> {
        if isDisposed { return }
        source._subscribe(
            { [self] event in
                // One `send` call site: the gate's fast path is inlined once.
                let input: Event<Input>
                switch event {
                case .next(let value): input = .next(wrap(value))
                case .error(let error): input = .error(error)
                case .completed: input = .next(.completed(index))
                }
                gate?.send(input)
            }, sources[index])
    }

    /// Subscribes the sources of a two- to eight-source `combineLatest` or `zip` in slot order
    /// (the unused slots' are `nil`).
    @inlinable
    final func subscribe<V1, V2, V3, V4, V5, V6, V7, V8>(
        _ s1: Observable<V1>, _ s2: Observable<V2>, _ s3: Observable<V3>? = nil, _ s4: Observable<V4>? = nil,
        _ s5: Observable<V5>? = nil, _ s6: Observable<V6>? = nil, _ s7: Observable<V7>? = nil,
        _ s8: Observable<V8>? = nil
    ) where Input == SlotInput<V1, V2, V3, V4, V5, V6, V7, V8> {
        subscribe(s1, 0) { .v1($0) }
        subscribe(s2, 1) { .v2($0) }
        if let s3 { subscribe(s3, 2) { .v3($0) } }
        if let s4 { subscribe(s4, 3) { .v4($0) } }
        if let s5 { subscribe(s5, 4) { .v5($0) } }
        if let s6 { subscribe(s6, 5) { .v6($0) } }
        if let s7 { subscribe(s7, 6) { .v7($0) } }
        if let s8 { subscribe(s8, 7) { .v8($0) } }
    }
}

/// What a source of the collection `combineLatest` or `zip` reports.
@usableFromInline
enum CollectionInput<Value> {
    case value(Int, Value)
    case completed(Int)
}

extension GatedSourcesSink {
    /// Subscribes every source in order (one slot each), or completes at once when there is none.
    @inlinable
    final func subscribe<Value>(all sources: [Observable<Value>]) where Input == CollectionInput<Value> {
        if sources.isEmpty {
            finish(.completed)
            return
        }
        for (index, source) in sources.enumerated() {
            if isDisposed { return }
            source._subscribe(
                { [self] event in
                    let input: Event<Input>
                    switch event {
                    case .next(let value): input = .next(.value(index, value))
                    case .error(let error): input = .error(error)
                    case .completed: input = .next(.completed(index))
                    }
                    gate?.send(input)
                }, self.sources[index])
        }
    }
}

/// The shared half of the collection `combineLatest` and `zip` sinks: the user's selector, which
/// sources have completed, and the operator body (`collectionSources`) that builds either. A
/// subclass keeps its per-source values, creates the gate at the end of its (required)
/// initialiser and calls `sourceCompleted` from its state machine.
@usableFromInline
class CollectionSourcesSink<Value, Result>: GatedSourcesSink<CollectionInput<Value>, Result>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`; the lets are immutable.
    @usableFromInline final let resultSelector: ([Value]) throws -> Result

    // (gate)
    @exclusivity(unchecked) @usableFromInline final var isDone: [Bool]
    @exclusivity(unchecked) @usableFromInline final var doneCount = 0

    @inlinable
    required init(
        _ downstream: @escaping (Event<Result>) -> Void, count: Int,
        _ resultSelector: @escaping ([Value]) throws -> Result
    ) {
        self.resultSelector = resultSelector
        isDone = Array(repeating: false, count: count)
        super.init(downstream, sourceCount: count)
    }

    /// Source `index` has completed: its subscription ends, and the result completes once every
    /// source has (gate).
    @inlinable
    final func sourceCompleted(_ index: Int) {
        if isDone[index] { return }
        isDone[index] = true
        doneCount += 1
        sources[index].dispose()
        if doneCount == isDone.count { finish(.completed) }
    }
}

/// The collection `combineLatest` or `zip` (as `Sink` says) of `sources`: each subscription gets
/// one `Sink`, subscribed to every source in order; an empty collection completes at once.
@inlinable
func collectionSources<Sink: CollectionSourcesSink<Value, Result>, Value, Result>(
    _: Sink.Type, _ sources: [Observable<Value>], _ resultSelector: @escaping ([Value]) throws -> Result
) -> Observable<Result> {
    AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, count: sources.count, resultSelector)
        subscriber.setUpstream(sink)
        sink.subscribe(all: sources)
    }
}
