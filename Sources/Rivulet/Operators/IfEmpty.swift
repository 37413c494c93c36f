extension ObservableType {
    /// Passes the source on; if it completes without a value, sends `default` first.
    ///
    /// ```
    /// source:               -----|
    /// ifEmpty(default: 0):  -----(0|)
    /// ```
    @inlinable
    public func ifEmpty(default: Element) -> Observable<Element> {
        let source = asObservable()
        let fallback = `default`
        return AnonymousObservable { downstream, subscriber in
            // The state: whether a value was passed on.
            let sink = StateSink(downstream, state: false)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        sink.state = true
                        sink.forwardNext(value)
                    case .error:
                        sink.forward(event)
                    case .completed:
                        if sink.state {
                            sink.forward(.completed)
                        } else {
                            sink.finish(with: fallback)
                        }
                    }
                }, sink)
        }
    }

    /// Passes the source on; if it completes without a value, continues with `other` (the
    /// source's subscription ends first).
    ///
    /// ```
    /// source:                 -----|
    /// other (cold):                -a-b|
    /// ifEmpty(switchTo: other): ------a-b|
    /// ```
    @inlinable
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = SwitchIfEmptySink(downstream)
            subscriber.setUpstream(sink)
            sink.subscribe(source) { event in
                switch event {
                case .next(let value):
                    sink.sawValue = true
                    sink.forwardNext(value)
                case .error:
                    sink.forward(event)
                case .completed:
                    if sink.sawValue {
                        sink.forward(.completed)
                    } else {
                        sink.subscribe(other) { event in sink.forward(event) }
                    }
                }
            }
        }
    }
}

/// The sink of `ifEmpty(switchTo:)`: a `SerialSourceSink` that remembers whether the source sent
/// a value.
@usableFromInline
final class SwitchIfEmptySink<Element>: SerialSourceSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `sawValue` is only touched on the source's (serial) event path, before
    // the switch to `other`.
    @exclusivity(unchecked) @usableFromInline var sawValue = false

    @inlinable
    override init(_ downstream: @escaping (Event<Element>) -> Void) {
        super.init(downstream)
    }
}
