extension ObservableType {
    /// Combines each value of `self` with the latest value of `second` using `resultSelector`.
    ///
    /// ```
    /// self:    --1-----2-----3--|
    /// second:  -----a-----b--|
    /// result:  --------2a----3b-|
    /// ```
    ///
    /// `second` is subscribed first. Values of `self` are dropped until `second` has emitted;
    /// the completion of `second` is ignored (its last value stays in use) and only ends its
    /// subscription. The result completes when `self` completes; an error of either source (or a
    /// throw of `resultSelector`) is forwarded at once and disposes both.
    ///
    /// Threading: the two sources may emit on different threads; results are delivered serially.
    @inlinable
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        OperatorObservable(WithLatestFromParameters(asObservable(), second.asObservable(), resultSelector)) {
            parameters, downstream, subscriber in
            let first = parameters.first
            let second = parameters.second
            let resultSelector = parameters.resultSelector
            let sink = WithLatestFromSink<Source.Element, ResultType>(downstream)
            subscriber.setUpstream(sink)
            second._subscribe(
                { event in
                    switch event {
                    case .next(let value): sink.setLatest(value)
                    case .error(let error): sink.fail(error)
                    case .completed: sink.second.dispose()
                    }
                }, sink.second)
            if sink.isDisposed { return }
            first._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        guard let latest = sink.getLatest() else { return }
                        let result: ResultType
                        do { result = try resultSelector(value, latest) } catch {
                            sink.fail(error)
                            return
                        }
                        sink.gate.send(.next(result))
                    case .error(let error):
                        sink.fail(error)
                    case .completed:
                        sink.complete()
                    }
                }, sink.first)
        }
    }

    /// Emits the latest value of `second` each time `self` emits (once `second` has emitted).
    ///
    /// ```
    /// self:    --1-----2-----3--|
    /// second:  -----a-----b--|
    /// result:  --------a-----b--|
    /// ```
    ///
    /// Subscription order, completion, errors and threading as for
    /// `withLatestFrom(_:resultSelector:)`.
    @inlinable
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second) { $1 }
    }
}

/// The state of one `withLatestFrom` subscription: the latest value of the second source (under
/// the lock) and a gate that serialises what goes downstream.
@usableFromInline
final class WithLatestFromSink<Latest, Result>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `latest` is guarded by SinkBase's `lock` (held only to read or write
    // it); `gate` has its own lock.
    @usableFromInline let gate: SerialGate<Result>
    @usableFromInline let first = SinkBase()
    @usableFromInline let second = SinkBase()
    @exclusivity(unchecked) @usableFromInline var latest: Latest?

    // Not inlinable: it runs once per subscription (compiled once, here).
    @usableFromInline
    init(_ downstream: @escaping (Event<Result>) -> Void) {
        gate = SerialGate(downstream)
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// A source or the selector failed.
    @usableFromInline
    func fail(_ error: Swift.Error) {
        gate.send(.error(error))
    }

    /// The first source completed.
    @usableFromInline
    func complete() {
        gate.send(.completed)
    }

    @inlinable
    func setLatest(_ value: Latest) {
        lock.withLock { latest = value }
    }

    @inlinable
    func getLatest() -> Latest? {
        lock.withLock { latest }
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override func didDispose() {
        first.dispose()
        second.dispose()
        let released = lock.withLock { () -> Latest? in
            defer { latest = nil }
            return latest
        }
        _ = released  // released here, outside the lock
    }
}
