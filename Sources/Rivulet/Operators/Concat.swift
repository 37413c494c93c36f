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
        AnonymousObservable { downstream, subscriber in
            let sink = SourceSequenceSink(downstream, sequence.makeIterator(), moveOn: .completed)
            subscriber.setUpstream(sink)
            sink.advance()
        }
    }

    /// Subscribes to the observables of `collection` one after the other, each once the previous
    /// one has completed, and passes on their values; an error from any of them ends the stream.
    @inlinable
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = SourceSequenceSink(downstream, collection.makeIterator(), moveOn: .completed)
            subscriber.setUpstream(sink)
            sink.advance()
        }
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
