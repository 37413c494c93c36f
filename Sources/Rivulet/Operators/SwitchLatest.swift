extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the values of the most recent inner observable only: each new inner observable
    /// disposes the previous one before it is subscribed.
    ///
    /// ```
    /// source:        --a-----b--------|
    /// a:               --1--2--3
    /// b:                     --4--5--|
    /// switchLatest(): ----1----4--5--|
    /// ```
    ///
    /// Completes when the source has completed and the latest inner observable (if any) has
    /// completed. The first error of the source or of the latest inner observable is forwarded
    /// at once and disposes everything. Inner observables may emit from any thread; the result is
    /// delivered serially.
    @inlinable
    public func switchLatest() -> Observable<Element.Element> {
        switchMapping { $0 }
    }
}

extension ObservableType {
    /// The engine behind `switchLatest()` and `flatMapLatest`.
    @inlinable
    func switchMapping<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = SwitchSink<Source.Element>(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let inner: Observable<Source.Element>
                        do { inner = try selector(value).asObservable() } catch {
                            sink.gate.send(.error(error))
                            return
                        }
                        sink.outerNext(inner)
                    case .error(let error):
                        sink.gate.send(.error(error))
                    case .completed:
                        sink.outerCompleted()
                    }
                }, sink.outer)
        }
    }
}

/// The state of one `switchLatest`/`flatMapLatest` subscription.
///
/// Each inner subscription carries an id; only the latest id may deliver. A new inner
/// observable first disposes the previous subscription (which, for Rivulet sources, waits for a
/// delivery of the old inner in progress on another thread), then subscribes the new one.
@usableFromInline
final class SwitchSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (lock) are guarded by SinkBase's `lock` (held only
    // for field reads and writes); `gate` has its own lock.
    @usableFromInline let gate: SerialGate<Element>
    @usableFromInline let outer = SinkBase()

    // (lock)
    @exclusivity(unchecked) @usableFromInline var latest: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var current: SinkBase?
    @exclusivity(unchecked) @usableFromInline var outerDone = false
    @exclusivity(unchecked) @usableFromInline var finished = false

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    @inlinable
    func outerNext(_ source: Observable<Element>) {
        let inner = SinkBase()
        let switched = lock.withLock { () -> (UInt64, SinkBase?)? in
            if finished { return nil }
            latest &+= 1
            defer { current = inner }
            return (latest, current)
        }
        guard let (id, previous) = switched else { return }
        previous?.dispose()
        source._subscribe(
            { [self] event in
                switch event {
                case .next, .error:
                    if isLatest(id) { gate.send(event) }
                case .completed:
                    innerCompleted(id, inner)
                }
            }, inner)
    }

    @inlinable
    func isLatest(_ id: UInt64) -> Bool {
        lock.withLock { latest == id && !finished }
    }

    @usableFromInline
    func innerCompleted(_ id: UInt64, _ inner: SinkBase) {
        let complete = lock.withLock { () -> Bool in
            guard latest == id, !finished else { return false }
            current = nil
            return outerDone
        }
        inner.dispose()
        if complete { gate.send(.completed) }
    }

    @usableFromInline
    func outerCompleted() {
        let complete = lock.withLock { () -> Bool in
            outerDone = true
            return current == nil && !finished
        }
        outer.dispose()
        if complete { gate.send(.completed) }
    }

    @usableFromInline
    override func willDispose() { gate.close() }

    @usableFromInline
    override func didDispose() {
        let inner = lock.withLock { () -> SinkBase? in
            finished = true
            defer { current = nil }
            return current
        }
        outer.dispose()
        inner?.dispose()
    }
}
