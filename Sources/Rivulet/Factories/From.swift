extension ObservableType {
    /// An observable that sends the given values in order, then completes.
    ///
    /// ```
    /// of(1, 2, 3):  (123|)
    /// ```
    ///
    /// Disposing the subscription (for example by `take(1)`) stops the iteration.
    @inlinable
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// An observable that sends the elements of an array in order, then completes.
    @inlinable
    public static func from(_ array: [Element]) -> Observable<Element> {
        fromSequence(array)
    }

    /// An observable that sends the elements of a sequence in order, then completes. The sequence
    /// is iterated anew for each subscription, and only until the subscription is disposed.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        fromSequence(sequence)
    }

    /// The body of `from`: checks for disposal before pulling each element, so a disposed
    /// subscription pulls nothing more from the sequence.
    @inlinable
    static func fromSequence<Source: Sequence>(_ sequence: Source) -> Observable<Element>
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
