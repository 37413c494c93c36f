extension ObservableType {
    /// An observable that sends one value, then completes.
    ///
    /// ```
    /// just(1):  (1|)
    /// ```
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            subscriber.setUpstream(Disposables.create())
            handler(.next(element))
            handler(.completed)
        }
    }
}
