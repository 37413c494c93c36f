extension ObservableType {
    /// Combines the latest values of five sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        let s3 = source3.asObservable()
        let s4 = source4.asObservable()
        let s5 = source5.asObservable()
        typealias Sink = CombineLatestSink<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, Void, Void, Void, Element
        >
        // Made once per operator, not per subscription.
        let combine: (Sink) throws -> Element? = { sink in
            guard let a = sink.v1, let b = sink.v2, let c = sink.v3, let d = sink.v4, let e = sink.v5 else {
                return nil
            }
            return try resultSelector(a, b, c, d, e)
        }
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream, arity: 5, combine)
            subscriber.setUpstream(sink)
            sink.subscribe(s1, s2, s3, s4, s5)
        }
    }

    /// Combines the latest values of six sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        let s3 = source3.asObservable()
        let s4 = source4.asObservable()
        let s5 = source5.asObservable()
        let s6 = source6.asObservable()
        typealias Sink = CombineLatestSink<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, Void, Void, Element
        >
        // Made once per operator, not per subscription.
        let combine: (Sink) throws -> Element? = { sink in
            guard let a = sink.v1, let b = sink.v2, let c = sink.v3, let d = sink.v4, let e = sink.v5,
                let f = sink.v6
            else { return nil }
            return try resultSelector(a, b, c, d, e, f)
        }
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream, arity: 6, combine)
            subscriber.setUpstream(sink)
            sink.subscribe(s1, s2, s3, s4, s5, s6)
        }
    }

    /// Combines the latest values of seven sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws ->
            Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        let s3 = source3.asObservable()
        let s4 = source4.asObservable()
        let s5 = source5.asObservable()
        let s6 = source6.asObservable()
        let s7 = source7.asObservable()
        typealias Sink = CombineLatestSink<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, Void, Element
        >
        // Made once per operator, not per subscription.
        let combine: (Sink) throws -> Element? = { sink in
            guard let a = sink.v1, let b = sink.v2, let c = sink.v3, let d = sink.v4, let e = sink.v5,
                let f = sink.v6, let g = sink.v7
            else { return nil }
            return try resultSelector(a, b, c, d, e, f, g)
        }
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream, arity: 7, combine)
            subscriber.setUpstream(sink)
            sink.subscribe(s1, s2, s3, s4, s5, s6, s7)
        }
    }

    /// Combines the latest values of eight sources with `resultSelector` whenever any emits,
    /// once all have emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
            throws -> Element
    ) -> Observable<Element> {
        let s1 = source1.asObservable()
        let s2 = source2.asObservable()
        let s3 = source3.asObservable()
        let s4 = source4.asObservable()
        let s5 = source5.asObservable()
        let s6 = source6.asObservable()
        let s7 = source7.asObservable()
        let s8 = source8.asObservable()
        typealias Sink = CombineLatestSink<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element, Element
        >
        // Made once per operator, not per subscription.
        let combine: (Sink) throws -> Element? = { sink in
            guard let a = sink.v1, let b = sink.v2, let c = sink.v3, let d = sink.v4, let e = sink.v5,
                let f = sink.v6, let g = sink.v7, let h = sink.v8
            else { return nil }
            return try resultSelector(a, b, c, d, e, f, g, h)
        }
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream, arity: 8, combine)
            subscriber.setUpstream(sink)
            sink.subscribe(s1, s2, s3, s4, s5, s6, s7, s8)
        }
    }
}

extension ObservableType where Element == Any {
    /// Emits a tuple of the latest values of five sources whenever any emits, once all have
    /// emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
            source1, source2, source3, source4, source5
        ) { ($0, $1, $2, $3, $4) }
    }

    /// Emits a tuple of the latest values of six sources whenever any emits, once all have
    /// emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.combineLatest(
            source1, source2, source3, source4, source5, source6
        ) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Emits a tuple of the latest values of seven sources whenever any emits, once all have
    /// emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.combineLatest(
            source1, source2, source3, source4, source5, source6, source7
        ) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Emits a tuple of the latest values of eight sources whenever any emits, once all have
    /// emitted. Completion, errors and threading as for two sources.
    @inlinable
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
            .combineLatest(
                source1, source2, source3, source4, source5, source6, source7, source8
            ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
