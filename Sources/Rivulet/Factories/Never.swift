extension ObservableType {
    /// An observable that never sends anything and never ends.
    ///
    /// ```
    /// never():  ---------
    /// ```
    @inlinable
    public static func never() -> Observable<Element> {
        AnonymousObservable { _, subscriber in
            subscriber.setUpstream(Disposables.create())
        }
    }
}
