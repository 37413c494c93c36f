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
        let (a, b) = (source1.asObservable(), source2.asObservable())
        return AnonymousObservable { downstream, subscriber in
            let sink = CombineLatest2Sink(downstream, resultSelector) { $0.step($1) }
            subscriber.setUpstream(sink)
            sink.subscribe(a, b)
        }
    }

    /// Combines the latest values of three sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            CombineLatestSink<O1.Element, O2.Element, O3.Element, Void, Void, Void, Void, Void, Element>.self, (),
            source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector)
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
        slotSources(
            CombineLatestSink<O1.Element, O2.Element, O3.Element, O4.Element, Void, Void, Void, Void, Element>.self, (),
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            resultSelector: resultSelector)
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

/// The state of one `combineLatest` subscription over three to eight sources (unused slots hold
/// `Void` and stay empty): the latest values in eight optional slots, `combine` reading the used
/// ones.
///
/// State confined to the gate (`GatedSourcesSink`): the gate's delivering thread runs the state
/// machine (store the value, decide, call `combine`, forward) with no lock held. So the state
/// needs no lock and every result reflects the latest values in arrival order.
@usableFromInline
final class CombineLatestSink<V1, V2, V3, V4, V5, V6, V7, V8, Result>:
    GatedSourcesSink<SlotInput<V1, V2, V3, V4, V5, V6, V7, V8>, Result>, SlotSink, @unchecked Sendable
{
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`; the lets are immutable.
    @usableFromInline typealias Parameters = Void

    /// Applies the user's selector to the latest values (`nil` if one is missing, which `step`
    /// rules out).
    @usableFromInline let combine: (CombineLatestSink) throws -> Result?
    /// One bit per source: `(1 << arity) - 1`.
    @usableFromInline let all: UInt8

    // (gate)
    @exclusivity(unchecked) @usableFromInline var v1: V1?
    @exclusivity(unchecked) @usableFromInline var v2: V2?
    @exclusivity(unchecked) @usableFromInline var v3: V3?
    @exclusivity(unchecked) @usableFromInline var v4: V4?
    @exclusivity(unchecked) @usableFromInline var v5: V5?
    @exclusivity(unchecked) @usableFromInline var v6: V6?
    @exclusivity(unchecked) @usableFromInline var v7: V7?
    @exclusivity(unchecked) @usableFromInline var v8: V8?
    @exclusivity(unchecked) @usableFromInline var hasValue: UInt8 = 0
    @exclusivity(unchecked) @usableFromInline var isDone: UInt8 = 0

    @usableFromInline
    init(
        _ downstream: @escaping (Event<Result>) -> Void, arity: Int, _: Void,
        _ combine: @escaping (CombineLatestSink) throws -> Result?
    ) {
        self.combine = combine
        all = UInt8(truncatingIfNeeded: (1 << arity) - 1)
        super.init(downstream, sourceCount: arity)
        // The gate is made by `startGate()` in the operator's body (specialised there).
    }

    // SlotSink: a combination reads the latest value of every slot.
    @inlinable func take1() -> V1? { v1 }
    @inlinable func take2() -> V2? { v2 }
    @inlinable func take3() -> V3? { v3 }
    @inlinable func take4() -> V4? { v4 }
    @inlinable func take5() -> V5? { v5 }
    @inlinable func take6() -> V6? { v6 }
    @inlinable func take7() -> V7? { v7 }
    @inlinable func take8() -> V8? { v8 }

    /// One serialised source event.
    @inlinable
    func step(_ event: Event<SlotInput<V1, V2, V3, V4, V5, V6, V7, V8>>) {
        if stopped { return }
        let index: Int
        switch event {
        case .next(.v1(let value)):
            v1 = value
            index = 0
        case .next(.v2(let value)):
            v2 = value
            index = 1
        case .next(.v3(let value)):
            v3 = value
            index = 2
        case .next(.v4(let value)):
            v4 = value
            index = 3
        case .next(.v5(let value)):
            v5 = value
            index = 4
        case .next(.v6(let value)):
            v6 = value
            index = 5
        case .next(.v7(let value)):
            v7 = value
            index = 6
        case .next(.v8(let value)):
            v8 = value
            index = 7
        case .next(.completed(let index)):
            slotCompleted(index)
            return
        case .error(let error):
            fail(error)
            return
        case .completed:
            return
        }
        hasValue |= 1 << index
        if hasValue == all {
            let result: Result?
            do { result = try combine(self) } catch {
                fail(error)
                return
            }
            if let result { downstream(.next(result)) }
        } else if isDone | (1 << index) == all {
            // Every other source has completed and one never emitted: no result can follow.
            finish(.completed)
        }
    }

    /// Source `index` has completed (gate): its subscription ends, and the result completes once
    /// every source has. Compiled once, here.
    @usableFromInline
    func slotCompleted(_ index: Int) {
        isDone |= 1 << index
        sources[index].dispose()
        if isDone == all { finish(.completed) }
    }
}

/// The state of one two-source `combineLatest` subscription (the common case): the latest value
/// of each source.
///
/// State confined to the gate (`GatedSourcesSink`), as `CombineLatestSink`'s: the gate's
/// delivering thread runs `step` with no lock held.
@usableFromInline
final class CombineLatest2Sink<A, B, Result>: GatedSourcesSink<PairInput<A, B>, Result>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`; the lets are immutable.
    @usableFromInline let resultSelector: (A, B) throws -> Result

    // (gate)
    @exclusivity(unchecked) @usableFromInline var v1: A?
    @exclusivity(unchecked) @usableFromInline var v2: B?
    /// Bit *i* is set once source *i* has completed.
    @exclusivity(unchecked) @usableFromInline var isDone: UInt8 = 0

    /// A sink whose gate runs `step`, the state machine specialised where `combineLatest` is
    /// used. Compiled once, here (it runs once per subscription).
    @usableFromInline
    init(
        _ downstream: @escaping (Event<Result>) -> Void, _ resultSelector: @escaping (A, B) throws -> Result,
        step: @escaping (CombineLatest2Sink, Event<PairInput<A, B>>) -> Void
    ) {
        self.resultSelector = resultSelector
        super.init(downstream, sourceCount: 2)
        gate = Self.gate(running: step, on: self)
    }

    /// One serialised source event: the value is stored and, once both sources have one, the
    /// latest two are combined and forwarded; the rest (completions, errors, a throwing
    /// selector) goes to `stop(_:)`, compiled once.
    @inlinable
    func step(_ event: Event<PairInput<A, B>>) {
        if stopped { return }
        switch event {
        case .next(.first(let value)): v1 = value
        case .next(.second(let value)): v2 = value
        case .next(.completed), .error, .completed:
            stop(event)
            return
        }
        guard let a = v1, let b = v2 else {
            // The other source has completed without a value: no result can follow.
            if isDone != 0 { stop(.completed) }
            return
        }
        do { downstream(.next(try resultSelector(a, b))) } catch { stop(.error(error)) }
    }

    /// A source's completion or error, the selector's error, or `.completed` for a value that
    /// arrived after the other source completed without a value (no result can follow) (gate).
    /// A source's subscription ends when it completes; the result completes once both have.
    /// Compiled once, here.
    @usableFromInline
    func stop(_ event: Event<PairInput<A, B>>) {
        switch event {
        case .next(.completed(let index)): sourceCompleted(index)
        case .error(let error): fail(error)
        case .completed: finish(.completed)
        case .next: break
        }
    }

    func sourceCompleted(_ index: Int) {
        isDone |= 1 << index
        sources[index].dispose()
        if isDone == 3 { finish(.completed) }
    }
}
