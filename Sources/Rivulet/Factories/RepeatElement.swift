extension ObservableType {
    /// Sends `element` over and over, without end, while the subscription lasts.
    ///
    /// ```
    /// repeatElement("a"):  (aaaa...
    /// ```
    ///
    /// The values are sent during `subscribe`, so limit the stream in the same chain (`take(3)`):
    /// the subscriber's disposal stops the loop.
    @inlinable
    public static func repeatElement(_ element: Element) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            let cancel = BooleanDisposable()
            subscriber.setUpstream(cancel)
            while !cancel.isDisposed { handler(.next(element)) }
        }
    }

    /// Sends `element` over and over on `scheduler`, one scheduled action each, until the
    /// subscription is disposed.
    @inlinable
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence(first: element) { $0 }, scheduler: scheduler)
    }
}
