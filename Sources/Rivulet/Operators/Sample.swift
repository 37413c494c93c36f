extension ObservableType {
    /// At each value (or the completion) of `sampler`, sends the source's latest value if a new
    /// one arrived since the previous sample, otherwise `defaultValue` if it is given.
    ///
    /// ```
    /// source:      --1--2-----3--|
    /// sampler:     ----x---x-----x----x--
    /// sample:      ----1---2-----3----|
    /// ```
    ///
    /// When the source completes, its subscription ends and the result completes at the next
    /// sample (which still sends the last new value); an error of either ends the result at once.
    /// As in RxSwift, a sampler that completes first samples one last time and the result then
    /// waits for nothing more.
    ///
    /// Threading: the source and the sampler may send from different threads; their events are
    /// handled in arrival order and the result is delivered serially, never under a lock.
    @inlinable
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        let source = asObservable()
        let ticks = sampler.asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = SampleSink<Element>(downstream, defaultValue: defaultValue) { $0.step($1) }
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value): sink.gate?.send(.next(.value(value)))
                    case .error(let error): sink.gate?.send(.error(error))
                    case .completed: sink.gate?.send(.next(.sourceDone))
                    }
                }, sink.source)
            if sink.isDisposed { return }
            ticks._subscribe(
                { event in
                    switch event {
                    case .next, .completed: sink.gate?.send(.next(.tick))
                    case .error(let error): sink.gate?.send(.error(error))
                    }
                }, sink.sampler)
        }
    }
}

/// What the sources of `sample` report.
@usableFromInline
enum SampleInput<Element> {
    case value(Element)
    case sourceDone
    case tick
}

/// The state of one `sample` subscription, confined to its gate's delivering thread
/// (`GatedSourcesSink`). The source and the sampler are subscribed by hand (their events are
/// tagged differently), so their two slots are fields of their own rather than an array.
@usableFromInline
final class SampleSink<Element>: GatedSourcesSink<SampleInput<Element>, Element>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`; the rest is immutable.
    @usableFromInline let defaultValue: Element?
    @usableFromInline let source = SinkBase()
    @usableFromInline let sampler = SinkBase()

    // (gate)
    @exclusivity(unchecked) @usableFromInline var latest: Element?
    @exclusivity(unchecked) @usableFromInline var atEnd = false

    /// A sink whose gate runs `step`, the state machine specialised where `sample` is used.
    /// Compiled once, here (it runs once per subscription): a gate made here pointing at
    /// `self.step` would run the state machine unspecialised.
    @usableFromInline
    init(
        _ downstream: @escaping (Event<Element>) -> Void, defaultValue: Element?,
        step: @escaping (SampleSink, Event<SampleInput<Element>>) -> Void
    ) {
        self.defaultValue = defaultValue
        super.init(downstream, sourceCount: 0)
        // unowned(unsafe): the gate is owned by this sink and only runs while a source handler,
        // which holds the sink strongly, is delivering.
        gate = SerialGate { [unowned(unsafe) self] event in step(self, event) }
    }

    @inlinable
    func step(_ event: Event<SampleInput<Element>>) {
        if stopped { return }
        switch event {
        case .next(.value(let value)):
            latest = value
        case .next(.sourceDone):
            atEnd = true
            source.dispose()
        case .next(.tick):
            if let value = latest.take() {
                downstream(.next(value))
            } else if let defaultValue {
                downstream(.next(defaultValue))
            }
            if atEnd && !stopped && !isDisposed { finish(.completed) }
        case .error(let error):
            finish(.error(error))
        case .completed:
            break
        }
    }

    @usableFromInline
    override func didDispose() {
        super.didDispose()
        source.dispose()
        sampler.dispose()
    }
}
