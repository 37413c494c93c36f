extension ObservableType {
    /// An observable that calls `observableFactory` for each subscription and subscribes to the
    /// observable it returns; a throw fails that subscription.
    @inlinable
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element>
    {
        AnonymousObservable { handler, subscriber in
            let source: Observable<Element>
            do {
                source = try observableFactory()
            } catch {
                subscriber.setUpstream(Disposables.create())
                handler(.error(error))
                return
            }
            source._subscribe(handler, subscriber)
        }
    }
}
