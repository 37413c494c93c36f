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
            let sink = ConcatSink(downstream, sequence.makeIterator())
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
            let sink = ConcatSink(downstream, collection.makeIterator())
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

/// The sink of `concat`: walks the sources' iterator, subscribing each source once the previous
/// one has completed.
///
/// Sources that complete synchronously inside their subscribe call do not recurse: `advance()`
/// runs a loop, and a completion that arrives while the loop is subscribing (on the same thread or
/// another) only asks it to go round once more. So concatenating many synchronous sources uses
/// constant stack.
@usableFromInline
final class ConcatSink<Element, Iterator: IteratorProtocol>: SerialSourceSink<Element>, @unchecked Sendable
where Iterator.Element == Observable<Element> {
    // @unchecked Sendable: `advancing` and `advanceRequested` are guarded by `lock`; `iterator` is
    // only touched by the thread that set `advancing`.
    @exclusivity(unchecked) @usableFromInline var iterator: Iterator
    @exclusivity(unchecked) @usableFromInline var advancing = false
    @exclusivity(unchecked) @usableFromInline var advanceRequested = false

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void, _ iterator: Iterator) {
        self.iterator = iterator
        super.init(downstream)
    }

    /// Receives the events of the current source.
    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            forwardNext(value)
        case .error:
            forward(event)
        case .completed:
            if !isStopped { advance() }
        }
    }

    /// Subscribes the next source, or completes when there is none.
    @inlinable
    func advance() {
        let enter = lock.withLock { () -> Bool in
            if advancing {
                advanceRequested = true
                return false
            }
            advancing = true
            return true
        }
        guard enter else { return }
        while true {
            guard let next = iterator.next() else {
                forward(.completed)
                return
            }
            guard subscribe(next, { event in self.on(event) }) else { return }
            let again = lock.withLock { () -> Bool in
                if advanceRequested {
                    advanceRequested = false
                    return true
                }
                advancing = false
                return false
            }
            if !again { return }
        }
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
