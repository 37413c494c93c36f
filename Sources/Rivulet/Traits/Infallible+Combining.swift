// The combining factories and operators of `Infallible`: each is the `Observable` one of the same
// name over the wrapped streams, wrapped again.

extension Infallible {
    /// Passes on the values of every `Infallible` in `sources` as they arrive; completes when all
    /// have completed.
    ///
    /// ```
    /// a:      --1-----3--|
    /// b:      -----2-----4--|
    /// merge:  --1--2--3--4--|
    /// ```
    @inlinable
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Passes on the values of every `Infallible` in `sources` as they arrive.
    @inlinable
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Passes on the values of every `Infallible` given as they arrive.
    @inlinable
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Subscribes to the `Infallible`s of `sequence` one after the other, each when the previous
    /// one completed.
    @inlinable
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Subscribes to the `Infallible`s of `collection` one after the other.
    @inlinable
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Subscribes to the `Infallible`s given one after the other.
    ///
    /// ```
    /// a:       --1--|
    /// b:            --2--|
    /// concat:  --1----2--|
    /// ```
    @inlinable
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }
}

extension InfallibleType {
    /// Sends the source's values, then, once it completed, `second`'s.
    @inlinable
    public func concat<Source: InfallibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second.asObservable()))
    }

    /// Sends the source's values, then `second`'s, which can fail: the result is an `Observable`.
    @inlinable
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        asObservable().concat(second)
    }

    /// Combines every value with the latest value of `second` (values before `second`'s first
    /// are dropped).
    ///
    /// ```
    /// source:                 --1-----2--3--|
    /// second:                 ----a--b-------
    /// withLatestFrom(second): --------b--b--|
    /// ```
    @inlinable
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) -> ResultType
    ) -> Infallible<ResultType> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// Sends the latest value of `second` for every value (values before `second`'s first are
    /// dropped).
    @inlinable
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second.asObservable()))
    }

    /// `withLatestFrom` a stream that can fail: the result is an `Observable`.
    @inlinable
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) -> ResultType
    ) -> Observable<ResultType> {
        asObservable().withLatestFrom(second, resultSelector: resultSelector)
    }

    /// `withLatestFrom` a stream that can fail: the result is an `Observable`.
    @inlinable
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        asObservable().withLatestFrom(second)
    }
}
