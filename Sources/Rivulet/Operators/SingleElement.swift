extension ObservableType {
    /// Passes on the source's one value at once and its completion; a second value fails with
    /// `RxError.moreThanOneElement` (and disposes the source), completion without a value with
    /// `RxError.noElements`.
    ///
    /// ```
    /// source:   --1-----|
    /// single(): --1-----|
    /// ```
    ///
    /// Unlike `asSingle()`, the value is not held back until the source completes.
    @inlinable
    public func single() -> Observable<Element> {
        singleMatching(nil)
    }

    /// Passes on the one value that satisfies `predicate`; a second one fails with
    /// `RxError.moreThanOneElement`, completion without one with `RxError.noElements`, and a throw
    /// of `predicate` with that error.
    ///
    /// ```
    /// source:                 --1--2--3--|
    /// single { $0 == 2 }:     -----2-----|
    /// ```
    @inlinable
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        singleMatching(predicate)
    }

    @inlinable
    func singleMatching(_ predicate: ((Element) throws -> Bool)?) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            // The state: whether a value was passed on.
            let sink = StateSink(downstream, state: false)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if sink.isStopped { return }
                        if let predicate {
                            let matches: Bool
                            do { matches = try predicate(value) } catch {
                                sink.forward(.error(error))
                                return
                            }
                            if !matches { return }
                        }
                        if sink.state {
                            sink.forward(.error(RxError.moreThanOneElement))
                            return
                        }
                        sink.state = true
                        sink.forwardNext(value)
                    case .error:
                        sink.forward(event)
                    case .completed:
                        sink.forward(sink.state ? .completed : .error(RxError.noElements))
                    }
                }, sink)
        }
    }
}
