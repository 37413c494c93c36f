extension ObservableType {
    /// For each subscription, makes a resource with `resourceFactory` and subscribes to the
    /// observable `observableFactory` makes from it; the resource is disposed when the
    /// subscription ends (after the source's subscription), however it ends.
    ///
    /// ```swift
    /// Observable.using({ Connection() }, observableFactory: { $0.messages })
    /// ```
    ///
    /// A throw of either factory fails the subscription (a resource already made is disposed).
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = HoldingSink(downstream)
            subscriber.setUpstream(sink)
            let source: Observable<Element>
            do {
                let resource = try resourceFactory()
                sink.hold(resource)
                source = try observableFactory(resource)
            } catch {
                sink.attachNothing()
                sink.forward(.error(error))
                return
            }
            source._subscribe({ event in sink.forward(event) }, sink)
        }
    }
}
