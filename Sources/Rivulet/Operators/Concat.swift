extension ObservableType {
    /// Sends the events of `self` and then, once it has completed, those of `second`.
    ///
    /// ```
    /// self:        --1--2--|
    /// second:              --3--|
    /// concat:      --1--2----3--|
    /// ```
    @inlinable
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Subscribes to the observables of `sequence` one after the other, each once the previous one
    /// has completed, and passes on their values; an error from any of them ends the stream.
    /// The sequence is iterated anew for each subscription, one element at a time.
    ///
    /// ```
    /// a:         --1--|
    /// b:              --2--|
    /// concat:    --1----2--|
    /// ```
    @inlinable
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ConcatObservable(sequence)
    }

    /// Subscribes to the observables of `collection` one after the other, each once the previous
    /// one has completed, and passes on their values; an error from any of them ends the stream.
    @inlinable
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        ConcatObservable(collection)
    }

    /// Subscribes to `sources` one after the other, each once the previous one has completed, and
    /// passes on their values; an error from any of them ends the stream.
    ///
    /// ```swift
    /// Observable.concat(first, second, third)
    /// ```
    @inlinable
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to the inner observables the source emits one at a time, in order: the next is
    /// subscribed once the previous has completed (later ones wait in a queue). Completes when
    /// the source and every inner observable have completed; any error ends the stream.
    ///
    /// ```swift
    /// Observable.of(first, second).concat()  // first's values, then second's
    /// ```
    ///
    /// The same as `merge(maxConcurrent: 1)`.
    @inlinable
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

/// `concat`'s observable: its sources, iterated anew for each subscription.
///
/// A `concat` among the sources of another is not subscribed: the outer sink walks its sources
/// itself (`SourceSequenceSink`), as if they had been listed in its place. So a concatenation
/// built recursively (`Observable.concat([first, rest])`, where `rest` is made the same way, or a
/// long chain of `andThen`) runs in constant stack, and each value passes through one sink,
/// however deep the nesting.
@usableFromInline
final class ConcatObservable<Element>: Observable<Element> {
    /// Subscribes a sink over a fresh iterator of the sources (specialised where `concat` is used).
    @usableFromInline let subscribeHandler: (consuming @escaping (Event<Element>) -> Void, SinkBase) -> Void
    /// A fresh iterator of the sources, for a sink that walks them in place of this observable.
    @usableFromInline let sources: () -> AnyIterator<Observable<Element>>

    @inlinable
    init<Sources: Sequence>(_ sequence: Sources) where Sources.Element == Observable<Element> {
        subscribeHandler = { downstream, subscriber in
            let sink = SourceSequenceSink(downstream, sequence.makeIterator(), moveOn: .completed)
            subscriber.setUpstream(sink)
            sink.advance()
        }
        sources = { AnyIterator(sequence.makeIterator()) }
    }

    @inlinable
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        subscribeHandler(handler, subscriber)
    }
}
