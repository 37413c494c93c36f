extension ObservableType {
    /// Passes on only the values for which `predicate` returns `true`; a throw ends the stream.
    ///
    /// ```
    /// source:               --1--2--3--4--|
    /// filter { $0.isEven }: -----2-----4--|
    /// ```
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        let passes: Bool
                        do { passes = try predicate(value) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        if passes { sink.forwardNext(value) }
                    case .error, .completed:
                        sink.forward(event)
                    }
                }, sink)
        }
    }
}
