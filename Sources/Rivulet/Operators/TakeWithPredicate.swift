/// Whether the `take` operators that stop on a predicate pass on the value that stops them.
public enum TakeBehavior: Sendable {
    /// Include the last element matching the predicate.
    case inclusive

    /// Exclude the last element matching the predicate.
    case exclusive
}

extension ObservableType {
    /// Passes on values until `predicate` returns `true` for one, then completes and disposes the
    /// source; with `.inclusive` that value is passed on before completing. A throw ends the stream.
    ///
    /// ```
    /// source:                                         --1--2--3--4--|
    /// take(until: { $0 == 3 }):                       --1--2--|
    /// take(until: { $0 == 3 }, behavior: .inclusive): --1--2--(3|)
    /// ```
    @inlinable
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let source = asObservable()
        let inclusive = behavior == .inclusive
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if sink.isStopped { return }
                        let stop: Bool
                        do { stop = try predicate(value) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        if !stop {
                            sink.forwardNext(value)
                            return
                        }
                        if !inclusive {
                            sink.forward(.completed)
                            return
                        }
                        // Stop before forwarding the last value, so an event that arrives
                        // reentrantly during its delivery is dropped.
                        sink.isStopped = true
                        sink.downstream(.next(value))
                        if !sink.isDisposed { sink.downstream(.completed) }
                        sink.dispose()
                    case .error, .completed:
                        sink.forward(event)
                    }
                }, sink)
        }
    }

    /// Passes on values while `predicate` returns `true`; at the first value for which it returns
    /// `false` the stream completes and the source is disposed. With `.inclusive` that value is
    /// passed on before completing. A throw ends the stream.
    ///
    /// ```
    /// source:                   --1--2--3--4--|
    /// take(while: { $0 < 3 }):  --1--2--|
    /// ```
    @inlinable
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(until: { try !predicate($0) }, behavior: behavior)
    }

    /// Deprecated spelling of `take(until:behavior:)`.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    @inlinable
    public func takeUntil(_ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool)
        -> Observable<Element>
    {
        take(until: predicate, behavior: behavior)
    }

    /// Deprecated spelling of `take(while:)`.
    @available(*, deprecated, renamed: "take(while:)")
    @inlinable
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }
}
