extension ObservableType where Element: Equatable {
    /// Passes on a value only when it differs (`!=`) from the last value passed on.
    ///
    /// ```
    /// source:                 --1--1--2--2--1--|
    /// distinctUntilChanged(): --1-----2-----1--|
    /// ```
    @inlinable
    public func distinctUntilChanged() -> Observable<Element> {
        // Its own body (no key selector or comparer closures to call per value).
        OperatorObservable(asObservable()) { source, downstream, subscriber in
            let sink = StateSink<Element, Element?>(downstream, state: nil)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    if case .next(let value) = event {
                        if let current = sink.state, current == value { return }
                        sink.state = value
                    }
                    sink.forward(event)
                }, sink)
        }
    }
}

extension ObservableType {
    /// Passes on a value only when its key, computed by `keySelector`, differs (`!=`) from the key
    /// of the last value passed on; a throw ends the stream.
    ///
    /// ```
    /// source:                                   --"a"--"A"--"b"--|
    /// distinctUntilChanged { $0.lowercased() }: --"a"-------"b"--|
    /// ```
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
        -> Observable<Element>
    {
        distinctUntilChanged(keySelector, comparer: { $0 == $1 })
    }

    /// Passes on a value only when `comparer` says it is not equal to the last value passed on;
    /// a throw ends the stream.
    @inlinable
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool)
        -> Observable<Element>
    {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Passes on a value only when `comparer` says its key, computed by `keySelector`, is not equal
    /// to the key of the last value passed on; a throw from either closure ends the stream.
    ///
    /// The first value always passes. Values that are dropped do not replace the remembered key.
    @inlinable
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        OperatorObservable(KeyedDistinctParameters(asObservable(), keySelector, comparer)) {
            parameters, downstream, subscriber in
            let keySelector = parameters.keySelector
            let comparer = parameters.comparer
            let sink = StateSink<Element, Key?>(downstream, state: nil)
            subscriber.setUpstream(sink)
            parameters.source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        do {
                            let key = try keySelector(value)
                            if let current = sink.state, try comparer(current, key) { return }
                            sink.state = key
                        } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(value)
                    case .error, .completed:
                        sink.forward(event)
                    }
                }, sink)
        }
    }

    /// Passes on a value only when the property at `keyPath` differs (`!=`) from that of the last
    /// value passed on.
    ///
    /// ```swift
    /// users.distinctUntilChanged(at: \.name)
    /// ```
    @inlinable
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
        -> Observable<Element>
    {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: { $0 == $1 })
    }
}
