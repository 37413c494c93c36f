extension ObservableType {
    /// Sends the given values on `scheduler`, one scheduled action each, then completes in one
    /// more action.
    ///
    /// ```
    /// of(1, 2, scheduler: s):  -1-2-|   (one scheduler step each)
    /// ```
    @inlinable
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// Sends the elements of `array` on `scheduler`, one scheduled action each, then completes in
    /// one more action.
    @inlinable
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(AnySequence(array), scheduler: scheduler)
    }

    /// Sends the elements of `sequence` on `scheduler`, one scheduled action each, then completes
    /// in one more action. The sequence is iterated anew for each subscription, and only until the
    /// subscription is disposed.
    @inlinable
    public static func from<Source: Sequence>(
        _ sequence: Source, scheduler: ImmediateSchedulerType
    ) -> Observable<Element> where Source.Element == Element {
        AnonymousObservable { downstream, subscriber in
            let sink = FromOnSchedulerSink<Element>(downstream)
            subscriber.setUpstream(sink)
            sink.run(sequence.makeIterator(), scheduler: scheduler)
        }
    }
}

@usableFromInline
final class FromOnSchedulerSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: the iterator is only used by the recursive schedule, one step at a time.

    @usableFromInline
    func run<Iterator: IteratorProtocol>(_ iterator: Iterator, scheduler: ImmediateSchedulerType)
    where Iterator.Element == Element {
        setUpstream(Disposables.create())
        let recursion = scheduler.scheduleRecursive(iterator) { iterator, recurse in
            if self.isDisposed { return }
            var iterator = iterator
            if let element = iterator.next() {
                self.send(.next(element))
                recurse(iterator)
            } else {
                self.send(.completed)
            }
        }
        timer.set(recursion, generation: 0)
    }
}

extension ObservableType {
    /// Sends `optional`'s value on `scheduler`, then completes in a second scheduled action; with
    /// `nil`, completes in one scheduled action.
    ///
    /// ```
    /// from(optional: 1, scheduler: s):    -1-|
    /// from(optional: nil, scheduler: s):  -|
    /// ```
    @inlinable
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        if let optional { return just(optional, scheduler: scheduler) }
        return from([], scheduler: scheduler)
    }
}
