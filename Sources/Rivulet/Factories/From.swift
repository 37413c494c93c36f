extension ObservableType {
    /// An observable that sends the given values in order, then completes.
    ///
    /// ```
    /// of(1, 2, 3):  (123|)
    /// ```
    ///
    /// As in RxSwift, each value is one step on the current thread's trampoline
    /// (`CurrentThreadScheduler`), and the completion one more: the values are sent during
    /// `subscribe`, after every source of the subscription was subscribed, so two `of`s merged
    /// interleave. Disposing the subscription (for example by `take(1)`) stops the iteration.
    @inlinable
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// An observable that sends the elements of an array in order, then completes; one step on
    /// the current thread's trampoline each (see `of`).
    @inlinable
    public static func from(_ array: [Element]) -> Observable<Element> {
        fromSequence(array)
    }

    /// An observable that sends the elements of a sequence in order, then completes; one step on
    /// the current thread's trampoline each (see `of`). The sequence is iterated anew for each
    /// subscription, and only until the subscription is disposed.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        fromSequence(sequence)
    }

    /// An observable that sends `optional`'s value if it has one, then completes, during
    /// `subscribe` (not on the trampoline, as in RxSwift).
    ///
    /// ```
    /// from(optional: 1):    (1|)
    /// from(optional: nil):  |
    /// ```
    @inlinable
    public static func from(optional: Element?) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            subscriber.attachNothing()
            if let optional { handler(.next(optional)) }
            handler(.completed)
        }
    }

    /// The body of `from`: one element per trampoline step; a disposed subscription pulls nothing
    /// more from the sequence.
    @inlinable
    static func fromSequence<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        AnonymousObservable { handler, subscriber in
            let sink = SteppingSourceSink(handler, state: sequence.makeIterator()) { $0.next() }
            subscriber.setUpstream(sink)
            sink.attachNothing()
            Trampoline.schedule(sink)
        }
    }

    /// The elements of `sequence` sent during `subscribe`, in a loop that checks for disposal
    /// before pulling each element: Combine's `Publishers.Sequence`, which sends at once.
    @inlinable
    package static func fromSequenceImmediately<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        AnonymousObservable { handler, subscriber in
            let cancel = BooleanDisposable()
            subscriber.setUpstream(cancel)
            var iterator = sequence.makeIterator()
            while !cancel.isDisposed {
                guard let element = iterator.next() else {
                    handler(.completed)
                    return
                }
                handler(.next(element))
            }
        }
    }
}
