extension ObservableType {
    /// An observable that fails at once with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    @inlinable
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            subscriber.setUpstream(Disposables.create())
            handler(.error(error))
        }
    }
}
