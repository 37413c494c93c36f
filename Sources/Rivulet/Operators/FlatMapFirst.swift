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
        OperatorObservable(TransformParameters(asObservable(), selector)) { parameters, downstream, subscriber in
            let selector = parameters.transform
            let sink = FlatMapFirstSink<Source.Element>(downstream)
            subscriber.setUpstream(sink)
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        guard let slot = sink.reserve() else { return }
                        let inner: Observable<Source.Element>
                        do { inner = try selector(value).asObservable() } catch {
                            sink.fail(error)
                            return
                        }
                        sink.subscribeInner(inner, slot)
                    case .error(let error):
                        sink.fail(error)
                    case .completed:
                        sink.outerCompleted()
                    }
                }, sink.outer)
        }
    }
}

/// The state of one `flatMapFirst` subscription: a value of the source starts an inner
/// observable only while none is running (`OneInnerSink`).
@usableFromInline
final class FlatMapFirstSink<Element>: OneInnerSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: no fields of its own; `OneInnerSink`'s are guarded by SinkBase's `lock`.
    /// A new slot for an inner subscription, or `nil` while one is running (the value is dropped)
    /// or once the sink is disposed.
    @usableFromInline
    func reserve() -> SinkBase? {
        let slot = SinkBase()
        return lock.withLock { () -> SinkBase? in
            if inner != nil || finished || phase == SinkBase.disposed { return nil }
            inner = slot
            return slot
        }
    }

    @usableFromInline
    func subscribeInner(_ source: Observable<Element>, _ slot: SinkBase) {
        source.subscribeOnTrampoline(
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
            if inner === slot { inner = nil }
            return outerDone
        }
        slot.dispose()
        if complete { gate.send(.completed) }
    }
}
