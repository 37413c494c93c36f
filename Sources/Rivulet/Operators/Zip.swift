extension ObservableType {
    /// Combines the values of two sources pairwise, in order: the first value of each, then the
    /// second of each, and so on; values wait in a queue per source until every source has one.
    ///
    /// ```
    /// a:      --1-----2--3-----|
    /// b:      -----x-----y--z-----|
    /// result: -----1x----2y-3z----|
    /// ```
    ///
    /// Completes when every source has completed (values still queued are dropped). A source's
    /// subscription ends when it completes. The first error (or throw of `resultSelector`) is
    /// forwarded at once and disposes every source.
    ///
    /// Threading: the sources may emit concurrently from different threads; their events are
    /// serialised in arrival order and the result is delivered serially, never under a lock.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        zip2(source1.asObservable(), source2.asObservable(), .whenAllComplete, resultSelector)
    }

    /// Combines the values of three sources with `resultSelector`, one from each source at a
    /// time, in order. Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<O1.Element, O2.Element, O3.Element, Void, Void, Void, Void, Void, Element>.self, .whenAllComplete,
            source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the values of four sources with `resultSelector`, one from each source at a
    /// time, in order. Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<O1.Element, O2.Element, O3.Element, O4.Element, Void, Void, Void, Void, Element>.self,
            .whenAllComplete,
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            resultSelector: resultSelector)
    }

    /// Combines the values of five sources with `resultSelector`, one from each source at a
    /// time, in order. Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, Void, Void, Void, Element>.self,
            .whenAllComplete,
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the values of six sources with `resultSelector`, one from each source at a
    /// time, in order. Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, Void, Void, Element>.self,
            .whenAllComplete,
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the values of seven sources with `resultSelector`, one from each source at a
    /// time, in order. Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws ->
            Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, Void, Element>
                .self, .whenAllComplete,
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the values of eight sources with `resultSelector`, one from each source at a
    /// time, in order. Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
            throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<
                O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element, Element
            >.self, .whenAllComplete,
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
            resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Emits tuples of the values of two sources, one from each source at a time, in order.
    ///
    /// ```swift
    /// Observable.zip(requests, responses).map { request, response in ... }
    /// ```
    ///
    /// Completion, errors and threading as for `zip(_:_:resultSelector:)`.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.zip(
            source1, source2
        ) { ($0, $1) }
    }

    /// Emits tuples of the values of three sources, one from each source at a time, in order.
    /// Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.zip(
            source1, source2, source3
        ) { ($0, $1, $2) }
    }

    /// Emits tuples of the values of four sources, one from each source at a time, in order.
    /// Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.zip(
            source1, source2, source3, source4
        ) { ($0, $1, $2, $3) }
    }

    /// Emits tuples of the values of five sources, one from each source at a time, in order.
    /// Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.zip(
            source1, source2, source3, source4, source5
        ) { ($0, $1, $2, $3, $4) }
    }

    /// Emits tuples of the values of six sources, one from each source at a time, in order.
    /// Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.zip(
            source1, source2, source3, source4, source5, source6
        ) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Emits tuples of the values of seven sources, one from each source at a time, in order.
    /// Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.zip(
            source1, source2, source3, source4, source5, source6, source7
        ) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Emits tuples of the values of eight sources, one from each source at a time, in order.
    /// Completion, errors and threading as for two sources.
    @inlinable
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
            .zip(
                source1, source2, source3, source4, source5, source6, source7, source8
            ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}

extension ObservableType {
    /// The zip of two sources with `completion`'s rule, for the Combine dialect's `Publishers.Zip`
    /// (`zip(_:_:resultSelector:)` is the same `slotSources` body with RxSwift's rule).
    @inlinable
    package static func zipSources<A, B>(
        _ a: Observable<A>, _ b: Observable<B>, completion: ZipCompletion,
        resultSelector: @escaping (A, B) throws -> Element
    ) -> Observable<Element> {
        zip2(a, b, completion, resultSelector)
    }

    /// The zip of three sources with `completion`'s rule, for `Publishers.Zip3`.
    @inlinable
    package static func zipSources<A, B, C>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, completion: ZipCompletion,
        resultSelector: @escaping (A, B, C) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<A, B, C, Void, Void, Void, Void, Void, Element>.self, completion,
            a, b, c, resultSelector: resultSelector)
    }

    /// The zip of four sources with `completion`'s rule, for `Publishers.Zip4`.
    @inlinable
    package static func zipSources<A, B, C, D>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, _ d: Observable<D>, completion: ZipCompletion,
        resultSelector: @escaping (A, B, C, D) throws -> Element
    ) -> Observable<Element> {
        slotSources(
            ZipSink<A, B, C, D, Void, Void, Void, Void, Element>.self, completion,
            a, b, c, d, resultSelector: resultSelector)
    }
}

extension ObservableType {
    /// The zip of two sources, in either dialect (`completion`): each subscription gets one
    /// `Zip2Sink`, subscribed to the sources in order.
    @inlinable
    static func zip2<A, B>(
        _ a: Observable<A>, _ b: Observable<B>, _ completion: ZipCompletion,
        _ resultSelector: @escaping (A, B) throws -> Element
    ) -> Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = Zip2Sink(downstream, completion, resultSelector) { $0.step($1) }
            subscriber.setUpstream(sink)
            sink.subscribe(a, b)
        }
    }
}

/// When a zip is over: the one place where the two dialects' `zip` differ.
@usableFromInline
package enum ZipCompletion {
    /// RxSwift's `zip`: once every source has completed; values still queued are dropped.
    case whenAllComplete
    /// Combine's `zip`: once a source has completed with none of its values waiting (no further
    /// tuple can be made), right away or after the tuple that takes its last value.
    case whenOneIsDrained
}

/// The state of one zip subscription over three to eight sources (unused slots hold `Void` and
/// stay empty), in either dialect: `completion` says when it is over.
///
/// State confined to the gate (`GatedSourcesSink`): the gate's delivering thread runs the state
/// machine (queue the value; when every source has one, take the first of each and call
/// `combine`; forward) with no lock held.
@usableFromInline
final class ZipSink<V1, V2, V3, V4, V5, V6, V7, V8, Result>:
    GatedSourcesSink<SlotInput<V1, V2, V3, V4, V5, V6, V7, V8>, Result>, SlotSink, @unchecked Sendable
{
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`, which serialises them; the lets are immutable.
    @usableFromInline typealias Parameters = ZipCompletion

    /// Takes the first value of every used queue and applies the user's selector (`nil` if a
    /// queue was empty, which `step` rules out).
    @usableFromInline let combine: (ZipSink) throws -> Result?
    /// One bit per source: `(1 << arity) - 1`.
    @usableFromInline let all: UInt8
    @usableFromInline let completion: ZipCompletion

    // (gate)
    @exclusivity(unchecked) @usableFromInline var q1 = RingBuffer<V1>()
    @exclusivity(unchecked) @usableFromInline var q2 = RingBuffer<V2>()
    @exclusivity(unchecked) @usableFromInline var q3 = RingBuffer<V3>()
    @exclusivity(unchecked) @usableFromInline var q4 = RingBuffer<V4>()
    @exclusivity(unchecked) @usableFromInline var q5 = RingBuffer<V5>()
    @exclusivity(unchecked) @usableFromInline var q6 = RingBuffer<V6>()
    @exclusivity(unchecked) @usableFromInline var q7 = RingBuffer<V7>()
    @exclusivity(unchecked) @usableFromInline var q8 = RingBuffer<V8>()
    /// Bit *i* is set while queue *i* holds a value.
    @exclusivity(unchecked) @usableFromInline var ready: UInt8 = 0
    /// Bit *i* is set once source *i* has completed.
    @exclusivity(unchecked) @usableFromInline var isDone: UInt8 = 0

    @usableFromInline
    init(
        _ downstream: @escaping (Event<Result>) -> Void, arity: Int, _ completion: ZipCompletion,
        _ combine: @escaping (ZipSink) throws -> Result?
    ) {
        self.combine = combine
        all = UInt8(truncatingIfNeeded: (1 << arity) - 1)
        self.completion = completion
        super.init(downstream, sourceCount: arity)
        // The gate is made by `startGate()` in the operator's body (specialised there).
    }

    // SlotSink: a combination takes the first queued value of every slot.
    @inlinable func take1() -> V1? { q1.removeFirst() }
    @inlinable func take2() -> V2? { q2.removeFirst() }
    @inlinable func take3() -> V3? { q3.removeFirst() }
    @inlinable func take4() -> V4? { q4.removeFirst() }
    @inlinable func take5() -> V5? { q5.removeFirst() }
    @inlinable func take6() -> V6? { q6.removeFirst() }
    @inlinable func take7() -> V7? { q7.removeFirst() }
    @inlinable func take8() -> V8? { q8.removeFirst() }

    /// One serialised source event.
    @inlinable
    func step(_ event: Event<SlotInput<V1, V2, V3, V4, V5, V6, V7, V8>>) {
        if stopped { return }
        switch event {
        case .next(.v1(let value)):
            q1.append(value)
            ready |= 1
        case .next(.v2(let value)):
            q2.append(value)
            ready |= 1 << 1
        case .next(.v3(let value)):
            q3.append(value)
            ready |= 1 << 2
        case .next(.v4(let value)):
            q4.append(value)
            ready |= 1 << 3
        case .next(.v5(let value)):
            q5.append(value)
            ready |= 1 << 4
        case .next(.v6(let value)):
            q6.append(value)
            ready |= 1 << 5
        case .next(.v7(let value)):
            q7.append(value)
            ready |= 1 << 6
        case .next(.v8(let value)):
            q8.append(value)
            ready |= 1 << 7
        case .next(.completed(let index)):
            // A source's subscription ends when it completes. RxSwift: the result completes once
            // every source has completed, whatever is still queued. Combine: once this source has
            // nothing waiting, no further tuple can be made.
            isDone |= 1 << index
            sources[index].dispose()
            let over = completion == .whenAllComplete ? isDone == all : ready & (1 << index) == 0
            if over { finish(.completed) }
            return
        case .error(let error):
            finish(.error(error))
            return
        case .completed:
            return
        }
        if ready != all { return }
        let result: Result?
        do { result = try combine(self) } catch {
            finish(.error(error))
            return
        }
        ready = readyBits()
        // Combine: a completed source whose queue this tuple emptied ends the zip after the tuple.
        let over = completion == .whenOneIsDrained && isDone & ~ready != 0
        if let result { downstream(.next(result)) }
        if over, !isDisposed { finish(.completed) }
    }

    /// The `ready` bits recomputed from the queues (after `combine` took a value from each).
    @inlinable
    func readyBits() -> UInt8 {
        var bits: UInt8 = 0
        if !q1.isEmpty { bits |= 1 }
        if !q2.isEmpty { bits |= 1 << 1 }
        if !q3.isEmpty { bits |= 1 << 2 }
        if !q4.isEmpty { bits |= 1 << 3 }
        if !q5.isEmpty { bits |= 1 << 4 }
        if !q6.isEmpty { bits |= 1 << 5 }
        if !q7.isEmpty { bits |= 1 << 6 }
        if !q8.isEmpty { bits |= 1 << 7 }
        return bits
    }

    @usableFromInline
    override func didSettle() {
        super.didSettle()
        // No delivery runs any more (the gate is closed and its last delivery has returned), so
        // the queued values can go now rather than with the sink.
        q1 = RingBuffer()
        q2 = RingBuffer()
        q3 = RingBuffer()
        q4 = RingBuffer()
        q5 = RingBuffer()
        q6 = RingBuffer()
        q7 = RingBuffer()
        q8 = RingBuffer()
    }
}

/// The state of one two-source zip subscription (the common case), in either dialect:
/// `completion` says when it is over. Since a pair is made as soon as both sources have a value,
/// at most one of the two queues (`ValueRing`s: no copy-on-write check per value) holds values
/// after each step. `step` is specialised where `zip` is used; the rest (the initialiser,
/// completions, errors, releasing the queues) is compiled once, here.
///
/// State confined to the gate (`GatedSourcesSink`), as `ZipSink`'s: the gate's delivering thread
/// runs `step` with no lock held.
@usableFromInline
final class Zip2Sink<A, B, Result>: GatedSourcesSink<PairInput<A, B>, Result>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`, which serialises them; the lets are immutable.
    @usableFromInline let resultSelector: (A, B) throws -> Result
    @usableFromInline let completion: ZipCompletion

    // (gate)
    /// The first source's values waiting for a partner.
    @exclusivity(unchecked) @usableFromInline var q1 = ValueRing<A>()
    /// The second source's values waiting for a partner.
    @exclusivity(unchecked) @usableFromInline var q2 = ValueRing<B>()
    /// Bit *i* is set once source *i* has completed.
    @exclusivity(unchecked) @usableFromInline var isDone: UInt8 = 0

    /// A sink whose gate runs `step`, the state machine specialised where `zip` is used.
    /// Compiled once, here (it runs once per subscription).
    @usableFromInline
    init(
        _ downstream: @escaping (Event<Result>) -> Void, _ completion: ZipCompletion,
        _ resultSelector: @escaping (A, B) throws -> Result,
        step: @escaping (Zip2Sink, Event<PairInput<A, B>>) -> Void
    ) {
        self.resultSelector = resultSelector
        self.completion = completion
        super.init(downstream, sourceCount: 2)
        gate = Self.gate(running: step, on: self)
    }

    /// One serialised source event: a value is queued and, once both queues hold one, the first
    /// of each is taken, combined and forwarded; the rest (completions, errors, a throwing
    /// selector) goes to `stop(_:)`, compiled once.
    @inlinable
    func step(_ event: Event<PairInput<A, B>>) {
        if stopped { return }
        switch event {
        case .next(.first(let value)): q1.append(value)
        case .next(.second(let value)): q2.append(value)
        case .next(.completed), .error, .completed:
            stop(event)
            return
        }
        if q1.isEmpty || q2.isEmpty { return }
        let (a, b) = (q1.removeFirst(), q2.removeFirst())
        do { downstream(.next(try resultSelector(a, b))) } catch {
            stop(.error(error))
            return
        }
        if isDone != 0 { pairTaken() }
    }

    /// A source's completion or error, or the selector's error (gate). Compiled once, here.
    @usableFromInline
    func stop(_ event: Event<PairInput<A, B>>) {
        switch event {
        case .next(.completed(let index)): sourceCompleted(index)
        case .error(let error): fail(error)
        default: break
        }
    }

    /// Source `index` has completed (gate): its subscription ends. RxSwift: the result completes
    /// once both sources have completed, whatever is still queued. Combine: once this source has
    /// nothing waiting, no further pair can be made.
    func sourceCompleted(_ index: Int) {
        isDone |= 1 << index
        sources[index].dispose()
        let drained = index == 0 ? q1.isEmpty : q2.isEmpty
        if completion == .whenAllComplete ? isDone == 3 : drained { finish(.completed) }
    }

    /// A pair was forwarded after a source had completed (gate). Combine: when the pair took the
    /// last value of the completed source (the source that sent the other value has not completed,
    /// and its queue is empty, as at most one queue holds values), no further pair can be made.
    /// Compiled once, here.
    @usableFromInline
    func pairTaken() {
        if completion == .whenOneIsDrained, q1.isEmpty, q2.isEmpty, !isDisposed { finish(.completed) }
    }

    @usableFromInline
    override func didSettle() {
        super.didSettle()
        // No delivery runs any more (the gate is closed and its last delivery has returned), so
        // the queued values can go now rather than with the sink.
        q1.removeAll()
        q2.removeAll()
    }
}
