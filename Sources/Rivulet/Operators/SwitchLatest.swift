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
        OperatorObservable(TransformParameters(asObservable(), selector)) { parameters, downstream, subscriber in
            let selector = parameters.transform
            let sink = SwitchSink<Source.Element>(downstream)
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
                }, sink.outer)
        }
    }
}

/// The state of one `switchLatest`/`flatMapLatest` subscription (`OneInnerSink`).
///
/// Each inner subscription carries an id; only the latest id may deliver. A new inner
/// observable first disposes the previous subscription (which, for Rivulet sources, waits for a
/// delivery of the old inner in progress on another thread), then subscribes the new one.
@usableFromInline
final class SwitchSink<Element>: OneInnerSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `latest` is guarded by SinkBase's `lock`, as the base's fields.
    // (lock)
    @exclusivity(unchecked) @usableFromInline var latest: UInt64 = 0

    @inlinable
    func outerNext(_ source: Observable<Element>) {
        guard let (id, slot) = switchInner() else { return }
        source.subscribeOnTrampoline(
            { [self] event in
                switch event {
                case .next, .error:
                    if isLatest(id) { gate.send(event) }
                case .completed:
                    innerCompleted(id, slot)
                }
            }, slot)
    }

    /// Makes a new inner subscription the latest one and ends the previous one; `nil` once the
    /// sink has finished. Compiled once, here.
    @usableFromInline
    func switchInner() -> (UInt64, SinkBase)? {
        let slot = SinkBase()
        let switched = lock.withLock { () -> (UInt64, SinkBase?)? in
            if finished { return nil }
            latest &+= 1
            defer { inner = slot }
            return (latest, inner)
        }
        guard let (id, previous) = switched else { return nil }
        previous?.dispose()
        return (id, slot)
    }

    @inlinable
    func isLatest(_ id: UInt64) -> Bool {
        lock.withLock { latest == id && !finished }
    }

    @usableFromInline
    func innerCompleted(_ id: UInt64, _ slot: SinkBase) {
        let complete = lock.withLock { () -> Bool in
            guard latest == id, !finished else { return false }
            inner = nil
            return outerDone
        }
        slot.dispose()
        if complete { gate.send(.completed) }
    }
}
