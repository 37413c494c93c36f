extension ObservableType {
    /// An observable that completes at once without sending a value.
    ///
    /// ```
    /// empty():  |
    /// ```
    @inlinable
    public static func empty() -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            subscriber.setUpstream(Disposables.create())
            handler(.completed)
        }
    }
}
