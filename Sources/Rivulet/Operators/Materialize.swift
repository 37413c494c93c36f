extension ObservableType {
    /// Turns every event of the source into a value: `.next(x)` becomes `.next(.next(x))`, and the
    /// terminal event is sent as a value, followed by completion.
    ///
    /// ```
    /// source:        --1--2--#
    /// materialize(): --A--B--(C|)      A = next(1), B = next(2), C = error(e)
    /// ```
    ///
    /// The result never fails. `dematerialize()` undoes it.
    @inlinable
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = StateSink<Event<Element>, Void>(downstream, state: ())
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next: sink.forwardNext(event)
                    case .error, .completed: sink.finish(with: event)
                    }
                }, sink)
        }
    }
}

/// A value that stands for an `Event`: what `dematerialize()` accepts (`Event` itself is one).
public protocol EventConvertible<Element> {
    /// The type of the event's value.
    associatedtype Element

    /// The event this value stands for.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// Returns `self`.
    @inlinable
    public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
    /// Turns values that stand for events back into events: `.next(.next(x))` becomes `.next(x)`,
    /// and a value `.error(e)` or `.completed` ends the stream that way (and disposes the source).
    ///
    /// ```
    /// source:          --A--B--C--|      A = next(1), B = next(2), C = completed
    /// dematerialize(): --1--2--|
    /// ```
    ///
    /// The source's own error and completion pass through.
    @inlinable
    public func dematerialize() -> Observable<Element.Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink<Element.Element>(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        sink.forward(value.event)
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}
