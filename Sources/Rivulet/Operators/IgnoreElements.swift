extension ObservableType {
    /// Drops every value and passes on only the terminal event.
    ///
    /// ```
    /// source:           --1--2--3--|
    /// ignoreElements(): -----------|
    /// ```
    @inlinable
    public func ignoreElements() -> Observable<Never> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next:
                        break
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}
