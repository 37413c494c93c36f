// The combining factories and operators of `SharedSequence`: each is the `Observable` one of the
// same name over the wrapped streams, shared again. Every source has the same sharing strategy,
// so all of them deliver on the main thread and the result does too.

extension SharedSequence {
    /// Passes on the values of every sequence given as they arrive; completes when all have
    /// completed.
    ///
    /// ```
    /// a:      --1-----3--|
    /// b:      -----2-----4--|
    /// merge:  --1--2--3--4--|
    /// ```
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Passes on the values of every sequence in `sources` as they arrive.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Passes on the values of every sequence in the collection `sources` as they arrive.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<
        SharingStrategy, Element
    > where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Subscribes to the sequences of `sequence` one after the other, each when the previous one
    /// completed.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<
        SharingStrategy, Element
    > where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Combines the latest values of two sequences with `resultSelector` whenever either sends,
    /// once both have sent.
    ///
    /// ```
    /// a:      --1-----2-----3--|
    /// b:      -----x-----y-------|
    /// result: -----1x-2x-2y-3y---|
    /// ```
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy {
        SharedSequence(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of three sequences with `resultSelector` whenever any sends,
    /// once all have sent.
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the latest values of four sequences with `resultSelector` whenever any sends,
    /// once all have sent.
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy, O4.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector))
    }

    /// Combines the latest values of every sequence in `collection` with `resultSelector`
    /// whenever any sends, once all have sent; an empty collection completes at once.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element: SharedSequenceConvertibleType, Collection.Element.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Sends an array of the latest values of every sequence in `collection` whenever any sends,
    /// once all have sent; an empty collection completes at once.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// Combines the values of two sequences with `resultSelector`, one from each at a time, in
    /// order.
    ///
    /// ```
    /// a:      --1--2-----3--|
    /// b:      ----x---y-----z|
    /// zip:    ----1x--2y----3z|
    /// ```
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of three sequences with `resultSelector`, one from each at a time.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector))
    }

    /// Combines the values of four sequences with `resultSelector`, one from each at a time.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy, O4.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector))
    }

    /// Combines the values of every sequence in `collection` with `resultSelector`, one from each
    /// at a time, in order.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element: SharedSequenceConvertibleType, Collection.Element.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Sends arrays of the values of every sequence in `collection`, one from each at a time.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }
}

extension SharedSequence where Element == Any {
    /// Sends a tuple of the latest values of two sequences whenever either sends, once both have
    /// sent.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2
    ) -> SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element)>
    where O1.SharingStrategy == O2.SharingStrategy {
        SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element)>(
            Observable.combineLatest(source1.asObservable(), source2.asObservable()))
    }

    /// Sends a tuple of the latest values of three sequences whenever any sends, once all have
    /// sent.
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where O1.SharingStrategy == O2.SharingStrategy, O1.SharingStrategy == O3.SharingStrategy {
        SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element)>(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }

    /// Sends a tuple of the latest values of four sequences whenever any sends, once all have
    /// sent.
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
    where
        O1.SharingStrategy == O2.SharingStrategy, O1.SharingStrategy == O3.SharingStrategy,
        O1.SharingStrategy == O4.SharingStrategy
    {
        SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }

    /// Sends tuples of the values of two sequences, one from each at a time, in order.
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2
    ) -> SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element)>
    where O1.SharingStrategy == O2.SharingStrategy {
        SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element)>(
            Observable.zip(source1.asObservable(), source2.asObservable()))
    }

    /// Sends tuples of the values of three sequences, one from each at a time, in order.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where O1.SharingStrategy == O2.SharingStrategy, O1.SharingStrategy == O3.SharingStrategy {
        SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element)>(
            Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }

    /// Sends tuples of the values of four sequences, one from each at a time, in order.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
        O4: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
    where
        O1.SharingStrategy == O2.SharingStrategy, O1.SharingStrategy == O3.SharingStrategy,
        O1.SharingStrategy == O4.SharingStrategy
    {
        SharedSequence<O1.SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }
}

extension SharedSequenceConvertibleType {
    /// Combines every value with the latest value of `second` (values before `second`'s first are
    /// dropped).
    ///
    /// ```
    /// source:                 --1-----2--3--|
    /// second:                 ----a--b-------
    /// withLatestFrom(second): --------b--b--|
    /// ```
    public func withLatestFrom<Second: SharedSequenceConvertibleType, ResultType>(
        _ second: Second, resultSelector: @escaping (Element, Second.Element) -> ResultType
    ) -> SharedSequence<SharingStrategy, ResultType> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// Sends the latest value of `second` for every value (values before `second`'s first are
    /// dropped).
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<
        SharingStrategy, Second.Element
    > {
        SharedSequence(asObservable().withLatestFrom(second.asObservable()))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Passes on the values of every inner sequence as they arrive (RxCocoa's `merge()` of a driver
    /// of drivers); completes when this sequence and every inner one have completed. The result has
    /// the inner sequences' sharing strategy.
    ///
    /// ```
    /// outer:   --a------b------|
    /// a:         --1-----3--|
    /// b:                --2-----4--|
    /// merge(): ----1--2--3-----4--|
    /// ```
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence().asObservable() }.merge())
    }

    /// Like `merge()`, but subscribed to at most `maxConcurrent` inner sequences at a time; the
    /// others wait their turn in arrival order.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(
            asObservable().map { $0.asSharedSequence().asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}
