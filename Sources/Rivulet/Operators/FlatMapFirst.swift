extension ObservableType {
    /// Maps a value to an observable and passes on its values, dropping every value of the source
    /// that arrives while that inner observable is still running (`selector` is not called for
    /// them).
    ///
    /// ```
    /// source:                    --1--2--------3----|
    /// flatMapFirst { inner($0) }:  --a--b--|     --c--|
    /// result:                    ----a--b--------c--|   (2 is dropped)
    /// ```
    ///
    /// Completes when the source has completed and no inner observable is running. The first
    /// error (from the source, the inner observable, or a throw of `selector`) is forwarded at
    /// once and disposes everything. Threading: as `flatMap`.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = FlatMapFirstSink<Source.Element>(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        guard let slot = sink.reserve() else { return }
                        let inner: Observable<Source.Element>
                        do { inner = try selector(value).asObservable() } catch {
                            sink.gate.send(.error(error))
                            return
                        }
                        sink.subscribeInner(inner, slot)
                    case .error(let error):
                        sink.gate.send(.error(error))
                    case .completed:
                        sink.outerCompleted()
                    }
                }, sink.outer)
        }
    }
}

/// The state of one `flatMapFirst` subscription: the running inner subscription (under the
/// lock) and the gate that serialises what goes downstream ("lock, decide, act", as `merge`).
@usableFromInline
final class FlatMapFirstSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (lock) are guarded by SinkBase's `lock`; `gate` has
    // its own lock; `outer` is immutable.
    @usableFromInline let gate: SerialGate<Element>
    @usableFromInline let outer = SinkBase()

    // (lock)
    @exclusivity(unchecked) @usableFromInline var active: SinkBase?
    @exclusivity(unchecked) @usableFromInline var outerDone = false

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// A new slot for an inner subscription, or `nil` while one is running (the value is dropped)
    /// or once the sink is disposed.
    @usableFromInline
    func reserve() -> SinkBase? {
        let slot = SinkBase()
        return lock.withLock { () -> SinkBase? in
            if active != nil || phase == SinkBase.disposed { return nil }
            active = slot
            return slot
        }
    }

    @usableFromInline
    func subscribeInner(_ inner: Observable<Element>, _ slot: SinkBase) {
        inner._subscribe(
            { [self] event in
                switch event {
                case .next, .error: gate.send(event)
                case .completed: innerCompleted(slot)
                }
            }, slot)
    }

    @usableFromInline
    func innerCompleted(_ slot: SinkBase) {
        let complete = lock.withLock { () -> Bool in
            if active === slot { active = nil }
            return outerDone
        }
        slot.dispose()
        if complete { gate.send(.completed) }
    }

    @usableFromInline
    func outerCompleted() {
        let complete = lock.withLock { () -> Bool in
            outerDone = true
            return active == nil
        }
        outer.dispose()
        if complete { gate.send(.completed) }
    }

    @usableFromInline
    override func willDispose() { gate.close() }

    @usableFromInline
    override func didDispose() {
        let running = lock.withLock { () -> SinkBase? in
            defer { active = nil }
            return active
        }
        outer.dispose()
        running?.dispose()
    }
}
