extension ObservableType {
    /// Merges the values of several observables into one stream, as they arrive.
    ///
    /// ```
    /// a:      --1-----3--|
    /// b:      -----2-----4--|
    /// merge:  --1--2--3--4--|
    /// ```
    ///
    /// Completes when every source has completed; the first error is forwarded at once and
    /// disposes every source. Each source's subscription ends when that source completes.
    ///
    /// Threading: the sources may emit concurrently from different threads; the result is
    /// delivered serially (`next* (error | completed)?`) and never under a lock.
    @inlinable
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        mergeStatic(Array(sources))
    }

    /// Merges the values of the observables in `sources` into one stream, as they arrive.
    ///
    /// Completes when every source has completed; the first error is forwarded at once and
    /// disposes every source. See `merge(_:)` with a collection for the threading note.
    @inlinable
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        mergeStatic(sources)
    }

    /// Merges the values of the given observables into one stream, as they arrive.
    ///
    /// ```swift
    /// Observable.merge(show, hide).subscribe(onNext: { print($0) })
    /// ```
    ///
    /// Completes when every source has completed; the first error is forwarded at once and
    /// disposes every source. See `merge(_:)` with a collection for the threading note.
    @inlinable
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        mergeStatic(sources)
    }

    @inlinable
    static func mergeStatic(_ sources: [Observable<Element>]) -> Observable<Element> {
        OperatorObservable(sources) { sources, downstream, subscriber in
            let sink = MergeSink<Element>(downstream, maxConcurrent: Int.max, outerDone: true)
            subscriber.setUpstream(sink)
            sink.subscribeAll(sources)
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner observable the source emits and merges their values.
    ///
    /// ```
    /// source:  --a--------b-----|
    /// a:         --1--2--|
    /// b:                  --3--|
    /// merge(): ----1--2-----3--|
    /// ```
    ///
    /// Completes when the source and every inner observable have completed; the first error
    /// (outer or inner) is forwarded at once and disposes everything. Inner observables may emit
    /// from any thread; the result is delivered serially.
    @inlinable
    public func merge() -> Observable<Element.Element> {
        flatMapMerging(maxConcurrent: Int.max) { $0 }
    }

    /// Like `merge()`, but subscribed to at most `maxConcurrent` inner observables at a time; the
    /// others wait in arrival order until an active one completes.
    ///
    /// A `maxConcurrent` below 1 is treated as 1.
    @inlinable
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        flatMapMerging(maxConcurrent: maxConcurrent) { $0 }
    }
}

extension ObservableType {
    /// The engine behind `merge()`, `merge(maxConcurrent:)`, `flatMap` and `concatMap`: maps each
    /// value to an inner observable and merges the inner observables, at most `maxConcurrent` at
    /// a time.
    @inlinable
    func flatMapMerging<Source: ObservableConvertibleType>(
        maxConcurrent: Int,
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        OperatorObservable(TransformParameters(asObservable(), selector, limit: Swift.max(1, maxConcurrent))) {
            parameters, downstream, subscriber in
            let selector = parameters.transform
            let sink = MergeSink<Source.Element>(downstream, maxConcurrent: parameters.limit, outerDone: false)
            subscriber.setUpstream(sink)
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let inner: Observable<Source.Element>
                        do { inner = try selector(value).asObservable() } catch {
                            sink.fail(error)
                            return
                        }
                        sink.outerNext(inner)
                    case .error(let error):
                        sink.fail(error)
                    case .completed:
                        sink.outerCompleted()
                    }
                }, sink.outer ?? sink)
        }
    }
}

/// The state of one `merge`/`flatMap` subscription.
///
/// Values go straight from any source into the `SerialGate`, which serialises them for the
/// downstream; only completions and new inner observables take the lock (to count the active
/// sources). The first stop event closes the gate and disposes every source.
///
/// Only the inner sources' event closure is specialised where the operator is used
/// (`subscribeInner`, reached from the unspecialised bookkeeping through `subscribeEntry`, which
/// the inlinable initialiser makes); counting, queueing and disposal are compiled once, here.
@usableFromInline
final class MergeSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (lock) are guarded by SinkBase's `lock` (only held
    // for a few field reads and writes, never around a call); `gate` has its own lock.

    /// Serialises everything sent downstream.
    @usableFromInline let gate: SerialGate<Element>
    /// The subscription to the outer observable (`nil` for the static `merge`).
    @usableFromInline let outer: SinkBase?
    let maxConcurrent: Int
    /// Subscribes one inner source with the specialised event closure.
    let subscribeEntry: (MergeSink, Observable<Element>, Int, SinkBase) -> Void

    // (lock)
    @exclusivity(unchecked) var active = 0
    @exclusivity(unchecked) var outerDone: Bool
    @exclusivity(unchecked) var finished = false
    @exclusivity(unchecked) var nextKey = 0
    @exclusivity(unchecked) var inners: [Int: SinkBase] = [:]
    @exclusivity(unchecked) var waiting: [Observable<Element>] = []
    @exclusivity(unchecked) var waitingHead = 0

    @inlinable
    convenience init(_ downstream: @escaping (Event<Element>) -> Void, maxConcurrent: Int, outerDone: Bool) {
        self.init(
            gate: SerialGate(downstream), maxConcurrent: maxConcurrent, outerDone: outerDone,
            subscribeEntry: { sink, source, key, inner in sink.subscribeInner(source, key: key, inner: inner) })
    }

    @usableFromInline
    init(
        gate: SerialGate<Element>, maxConcurrent: Int, outerDone: Bool,
        subscribeEntry: @escaping (MergeSink, Observable<Element>, Int, SinkBase) -> Void
    ) {
        self.gate = gate
        self.maxConcurrent = maxConcurrent
        self.outerDone = outerDone
        self.outer = outerDone ? nil : SinkBase()
        self.subscribeEntry = subscribeEntry
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// Subscribes one inner source: its values and errors go to the gate, its completion to the
    /// bookkeeping.
    @inlinable
    func subscribeInner(_ source: Observable<Element>, key: Int, inner: SinkBase) {
        source.subscribeOnTrampoline(
            { [self] event in
                if case .completed = event {
                    innerCompleted(key)
                } else {
                    gate.send(event)
                }
            }, inner)
    }

    /// Subscribes every static source; `active` counts them all from the start so that a source
    /// completing during the loop cannot complete the merge early. No source: completes at once.
    @usableFromInline
    func subscribeAll(_ sources: [Observable<Element>]) {
        if sources.isEmpty {
            gate.send(.completed)
            return
        }
        lock.withLock { active = sources.count }
        for source in sources {
            guard let (key, inner) = register() else { return }
            subscribeEntry(self, source, key, inner)
        }
    }

    /// Adds an inner subscription slot; `nil` once the merge has finished.
    func register() -> (Int, SinkBase)? {
        let inner = SinkBase()
        return lock.withLock { () -> (Int, SinkBase)? in
            if finished { return nil }
            let key = nextKey
            nextKey += 1
            inners[key] = inner
            return (key, inner)
        }
    }

    /// The outer source or a selector failed.
    @usableFromInline
    func fail(_ error: Swift.Error) {
        gate.send(.error(error))
    }

    /// A new inner observable from the outer source: subscribe now, or queue it when
    /// `maxConcurrent` are active.
    @usableFromInline
    func outerNext(_ source: Observable<Element>) {
        let inner = SinkBase()
        let key = lock.withLock { () -> Int? in
            if finished { return nil }
            if active >= maxConcurrent {
                waiting.append(source)
                return nil
            }
            active += 1
            let key = nextKey
            nextKey += 1
            inners[key] = inner
            return key
        }
        if let key { subscribeEntry(self, source, key, inner) }
    }

    @usableFromInline
    func outerCompleted() {
        let complete = lock.withLock { () -> Bool in
            outerDone = true
            return active == 0 && !finished
        }
        outer?.dispose()
        if complete { gate.send(.completed) }
    }

    @usableFromInline
    func innerCompleted(_ key: Int) {
        let newInner = SinkBase()
        let (done, next, newKey, complete) = lock.withLock {
            () -> (SinkBase?, Observable<Element>?, Int, Bool) in
            let done = inners.removeValue(forKey: key)
            if finished { return (done, nil, 0, false) }
            if waitingHead < waiting.count {
                let next = waiting[waitingHead]
                waitingHead += 1
                if waitingHead == waiting.count {
                    waiting.removeAll()
                    waitingHead = 0
                }
                let newKey = nextKey
                nextKey += 1
                inners[newKey] = newInner
                return (done, next, newKey, false)
            }
            active -= 1
            return (done, nil, 0, active == 0 && outerDone)
        }
        done?.dispose()
        if let next {
            subscribeEntry(self, next, newKey, newInner)
        } else if complete {
            gate.send(.completed)
        }
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override func didDispose() {
        let live = lock.withLock { () -> [SinkBase] in
            finished = true
            waiting.removeAll()
            waitingHead = 0
            defer { inners.removeAll() }
            return Array(inners.values)
        }
        outer?.dispose()
        for inner in live { inner.dispose() }
    }
}
