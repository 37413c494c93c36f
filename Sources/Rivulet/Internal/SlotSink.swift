/// A sink of a fixed-arity `combineLatest` or `zip` (three to eight sources, unused slots typed
/// `Void`): what the operator bodies `slotSources` build need from it, so one body per arity
/// serves both operators. Each sink says what slot *i* gives a combination (`take1()` ...):
/// `zip` its first queued value (removed), `combineLatest` its latest value.
@usableFromInline
protocol SlotSink: AnyObject where Self: GatedSourcesSink<SlotInput<V1, V2, V3, V4, V5, V6, V7, V8>, Result> {
    associatedtype V1
    associatedtype V2
    associatedtype V3
    associatedtype V4
    associatedtype V5
    associatedtype V6
    associatedtype V7
    associatedtype V8
    associatedtype Result
    /// What else the sink is made with (`zip`: its `ZipCompletion`; `combineLatest`: nothing).
    associatedtype Parameters

    /// A sink over `arity` sources; `combine` takes a value from every used slot and applies the
    /// user's selector (`nil` if a slot had none, which the sink's state machine rules out).
    init(
        _ downstream: @escaping (Event<Result>) -> Void, arity: Int, _ parameters: Parameters,
        _ combine: @escaping (Self) throws -> Result?)

    /// The state machine the gate runs for each tagged source event.
    func step(_ event: Event<SlotInput<V1, V2, V3, V4, V5, V6, V7, V8>>)

    func take1() -> V1?
    func take2() -> V2?
    func take3() -> V3?
    func take4() -> V4?
    func take5() -> V5?
    func take6() -> V6?
    func take7() -> V7?
    func take8() -> V8?
}

/// The `combineLatest` or `zip` (as `Sink` says) of three sources: each subscription gets one
/// `Sink`, subscribed to the sources in slot order. (Two sources have sinks of their own,
/// `Zip2Sink` and `CombineLatest2Sink`.)
@inlinable
func slotSources<Sink: SlotSink>(
    _: Sink.Type, _ parameters: Sink.Parameters, _ s1: Observable<Sink.V1>, _ s2: Observable<Sink.V2>,
    _ s3: Observable<Sink.V3>,
    resultSelector: @escaping (Sink.V1, Sink.V2, Sink.V3) throws -> Sink.Result
) -> Observable<Sink.Result> {
    // Made once per operator, not per subscription.
    let combine: (Sink) throws -> Sink.Result? = { sink in
        guard let a = sink.take1(), let b = sink.take2(), let c = sink.take3() else { return nil }
        return try resultSelector(a, b, c)
    }
    return AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, arity: 3, parameters, combine)
        sink.startGate()
        subscriber.setUpstream(sink)
        sink.subscribe(s1, 0) { .v1($0) }
        sink.subscribe(s2, 1) { .v2($0) }
        sink.subscribe(s3, 2) { .v3($0) }
    }
}

/// The `combineLatest` or `zip` (as `Sink` says) of four sources (see the three-source form).
@inlinable
func slotSources<Sink: SlotSink>(
    _: Sink.Type, _ parameters: Sink.Parameters, _ s1: Observable<Sink.V1>, _ s2: Observable<Sink.V2>,
    _ s3: Observable<Sink.V3>, _ s4: Observable<Sink.V4>,
    resultSelector: @escaping (Sink.V1, Sink.V2, Sink.V3, Sink.V4) throws -> Sink.Result
) -> Observable<Sink.Result> {
    // Made once per operator, not per subscription.
    let combine: (Sink) throws -> Sink.Result? = { sink in
        guard let a = sink.take1(), let b = sink.take2(), let c = sink.take3(), let d = sink.take4() else { return nil }
        return try resultSelector(a, b, c, d)
    }
    return AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, arity: 4, parameters, combine)
        sink.startGate()
        subscriber.setUpstream(sink)
        sink.subscribe(s1, 0) { .v1($0) }
        sink.subscribe(s2, 1) { .v2($0) }
        sink.subscribe(s3, 2) { .v3($0) }
        sink.subscribe(s4, 3) { .v4($0) }
    }
}

/// The `combineLatest` or `zip` (as `Sink` says) of five sources (see the three-source form).
@inlinable
func slotSources<Sink: SlotSink>(
    _: Sink.Type, _ parameters: Sink.Parameters, _ s1: Observable<Sink.V1>, _ s2: Observable<Sink.V2>,
    _ s3: Observable<Sink.V3>, _ s4: Observable<Sink.V4>, _ s5: Observable<Sink.V5>,
    resultSelector: @escaping (Sink.V1, Sink.V2, Sink.V3, Sink.V4, Sink.V5) throws -> Sink.Result
) -> Observable<Sink.Result> {
    // Made once per operator, not per subscription.
    let combine: (Sink) throws -> Sink.Result? = { sink in
        guard let a = sink.take1(), let b = sink.take2(), let c = sink.take3(), let d = sink.take4(),
            let e = sink.take5()
        else { return nil }
        return try resultSelector(a, b, c, d, e)
    }
    return AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, arity: 5, parameters, combine)
        sink.startGate()
        subscriber.setUpstream(sink)
        sink.subscribe(s1, 0) { .v1($0) }
        sink.subscribe(s2, 1) { .v2($0) }
        sink.subscribe(s3, 2) { .v3($0) }
        sink.subscribe(s4, 3) { .v4($0) }
        sink.subscribe(s5, 4) { .v5($0) }
    }
}

/// The `combineLatest` or `zip` (as `Sink` says) of six sources (see the three-source form).
@inlinable
func slotSources<Sink: SlotSink>(
    _: Sink.Type, _ parameters: Sink.Parameters, _ s1: Observable<Sink.V1>, _ s2: Observable<Sink.V2>,
    _ s3: Observable<Sink.V3>, _ s4: Observable<Sink.V4>, _ s5: Observable<Sink.V5>, _ s6: Observable<Sink.V6>,
    resultSelector: @escaping (Sink.V1, Sink.V2, Sink.V3, Sink.V4, Sink.V5, Sink.V6) throws -> Sink.Result
) -> Observable<Sink.Result> {
    // Made once per operator, not per subscription.
    let combine: (Sink) throws -> Sink.Result? = { sink in
        guard let a = sink.take1(), let b = sink.take2(), let c = sink.take3(), let d = sink.take4(),
            let e = sink.take5(), let f = sink.take6()
        else { return nil }
        return try resultSelector(a, b, c, d, e, f)
    }
    return AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, arity: 6, parameters, combine)
        sink.startGate()
        subscriber.setUpstream(sink)
        sink.subscribe(s1, 0) { .v1($0) }
        sink.subscribe(s2, 1) { .v2($0) }
        sink.subscribe(s3, 2) { .v3($0) }
        sink.subscribe(s4, 3) { .v4($0) }
        sink.subscribe(s5, 4) { .v5($0) }
        sink.subscribe(s6, 5) { .v6($0) }
    }
}

/// The `combineLatest` or `zip` (as `Sink` says) of seven sources (see the three-source form).
@inlinable
func slotSources<Sink: SlotSink>(
    _: Sink.Type, _ parameters: Sink.Parameters, _ s1: Observable<Sink.V1>, _ s2: Observable<Sink.V2>,
    _ s3: Observable<Sink.V3>, _ s4: Observable<Sink.V4>, _ s5: Observable<Sink.V5>, _ s6: Observable<Sink.V6>,
    _ s7: Observable<Sink.V7>,
    resultSelector: @escaping (Sink.V1, Sink.V2, Sink.V3, Sink.V4, Sink.V5, Sink.V6, Sink.V7) throws -> Sink.Result
) -> Observable<Sink.Result> {
    // Made once per operator, not per subscription.
    let combine: (Sink) throws -> Sink.Result? = { sink in
        guard let a = sink.take1(), let b = sink.take2(), let c = sink.take3(), let d = sink.take4(),
            let e = sink.take5(), let f = sink.take6(), let g = sink.take7()
        else { return nil }
        return try resultSelector(a, b, c, d, e, f, g)
    }
    return AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, arity: 7, parameters, combine)
        sink.startGate()
        subscriber.setUpstream(sink)
        sink.subscribe(s1, 0) { .v1($0) }
        sink.subscribe(s2, 1) { .v2($0) }
        sink.subscribe(s3, 2) { .v3($0) }
        sink.subscribe(s4, 3) { .v4($0) }
        sink.subscribe(s5, 4) { .v5($0) }
        sink.subscribe(s6, 5) { .v6($0) }
        sink.subscribe(s7, 6) { .v7($0) }
    }
}

/// The `combineLatest` or `zip` (as `Sink` says) of eight sources (see the three-source form).
@inlinable
func slotSources<Sink: SlotSink>(
    _: Sink.Type, _ parameters: Sink.Parameters, _ s1: Observable<Sink.V1>, _ s2: Observable<Sink.V2>,
    _ s3: Observable<Sink.V3>, _ s4: Observable<Sink.V4>, _ s5: Observable<Sink.V5>, _ s6: Observable<Sink.V6>,
    _ s7: Observable<Sink.V7>, _ s8: Observable<Sink.V8>,
    resultSelector:
        @escaping (Sink.V1, Sink.V2, Sink.V3, Sink.V4, Sink.V5, Sink.V6, Sink.V7, Sink.V8) throws -> Sink.Result
) -> Observable<Sink.Result> {
    // Made once per operator, not per subscription.
    let combine: (Sink) throws -> Sink.Result? = { sink in
        guard let a = sink.take1(), let b = sink.take2(), let c = sink.take3(), let d = sink.take4(),
            let e = sink.take5(), let f = sink.take6(), let g = sink.take7(), let h = sink.take8()
        else { return nil }
        return try resultSelector(a, b, c, d, e, f, g, h)
    }
    return AnonymousObservable { downstream, subscriber in
        let sink = Sink(downstream, arity: 8, parameters, combine)
        sink.startGate()
        subscriber.setUpstream(sink)
        sink.subscribe(s1, 0) { .v1($0) }
        sink.subscribe(s2, 1) { .v2($0) }
        sink.subscribe(s3, 2) { .v3($0) }
        sink.subscribe(s4, 3) { .v4($0) }
        sink.subscribe(s5, 4) { .v5($0) }
        sink.subscribe(s6, 5) { .v6($0) }
        sink.subscribe(s7, 6) { .v7($0) }
        sink.subscribe(s8, 7) { .v8($0) }
    }
}

extension SlotSink {
    /// Creates the gate, pointing at `step`: made in the operator's inlinable body, so the state
    /// machine is specialised where the operator is used while the sink's initialiser is not.
    @inlinable
    func startGate() {
        // unowned(unsafe): the gate is owned by this sink and only runs while a source handler,
        // which holds the sink strongly, is delivering.
        gate = SerialGate { [unowned(unsafe) self] event in self.step(event) }
    }
}
