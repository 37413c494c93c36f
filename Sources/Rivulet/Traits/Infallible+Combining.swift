// The combining factories and operators of `Infallible`: each is the `Observable` one of the same
// name over the wrapped streams, wrapped again.

extension Infallible {
    /// Combines the latest values of two `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    ///
    /// ```
    /// a:      --1-----2-----3--|
    /// b:      -----x-----y-------|
    /// result: -----1x-2x-2y-3y---|
    /// ```
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of three `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of four `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector))
    }

    /// Combines the latest values of five `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of six `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of seven `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of eight `Infallible`s with `resultSelector` whenever any
    /// sends, once all have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
            -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends a tuple of the latest values of two `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2
    ) -> Infallible<(I1.Element, I2.Element)> {
        Infallible<(I1.Element, I2.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable()))
    }

    /// Sends a tuple of the latest values of three `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element)>(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }

    /// Sends a tuple of the latest values of four `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }

    /// Sends a tuple of the latest values of five `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()))
    }

    /// Sends a tuple of the latest values of six `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()))
    }

    /// Sends a tuple of the latest values of seven `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()))
    }

    /// Sends a tuple of the latest values of eight `Infallible`s whenever any sends, once all
    /// have sent (`Observable.combineLatest`).
    @inlinable
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()))
    }
}

extension Infallible {
    /// Combines the values of two `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    ///
    /// ```
    /// a:      --1-----2--3-----|
    /// b:      -----x-----y--z-----|
    /// result: -----1x----2y-3z----|
    /// ```
    @inlinable
    public static func zip<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of three `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    @inlinable
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of four `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    @inlinable
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector))
    }

    /// Combines the values of five `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of six `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of seven `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of eight `Infallible`s with `resultSelector`, one from each at a
    /// time, in order (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
            -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends tuples of the values of two `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2
    ) -> Infallible<(I1.Element, I2.Element)> {
        Infallible<(I1.Element, I2.Element)>(Observable.zip(source1.asObservable(), source2.asObservable()))
    }

    /// Sends tuples of the values of three `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element)>(
            Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }

    /// Sends tuples of the values of four `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }

    /// Sends tuples of the values of five `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()))
    }

    /// Sends tuples of the values of six `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()))
    }

    /// Sends tuples of the values of seven `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()))
    }

    /// Sends tuples of the values of eight `Infallible`s, one from each at a time, in order
    /// (`Observable.zip`).
    @inlinable
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)>(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()))
    }
}
extension Infallible {
    /// Combines the latest values of every `Infallible` in `collection` with `resultSelector`
    /// whenever any sends, once all have sent; an empty collection completes at once.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Sends an array of the latest values of every `Infallible` in `collection` whenever any
    /// sends, once all have sent; an empty collection completes at once.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element == Infallible<Element> {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// Combines the values of every `Infallible` in `collection` with `resultSelector`, one from
    /// each at a time, in order.
    @inlinable
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Sends arrays of the values of every `Infallible` in `collection`, one from each at a
    /// time, in order.
    @inlinable
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element == Infallible<Element> {
        Infallible<[Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

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
