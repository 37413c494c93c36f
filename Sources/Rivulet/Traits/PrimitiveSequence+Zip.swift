// Single.zip and Maybe.zip over two to eight traits: one declaration each for both traits
// (`SingleOrMaybeTrait`); the collection forms of Single.zip are in Single.swift.

extension PrimitiveSequenceType where Trait: SingleOrMaybeTrait {
    /// Combines the values of two `Single`s (or two `Maybe`s) with `resultSelector` once both
    /// have sent one; the first error fails the result, and a `Maybe` result completes empty
    /// when one of its sources completes empty (`Observable.zip`).
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: zipCompiledOnce(source1.source, source2.source, resultSelector))
    }

    /// Combines the values of three Singles (or Maybes) with `resultSelector` (see the two-source form).
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }

    /// Combines the values of four Singles (or Maybes) with `resultSelector` (see the two-source form).
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }

    /// Combines the values of five Singles (or Maybes) with `resultSelector` (see the two-source form).
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source,
                resultSelector: resultSelector))
    }

    /// Combines the values of six Singles (or Maybes) with `resultSelector` (see the two-source form).
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                resultSelector: resultSelector))
    }

    /// Combines the values of seven Singles (or Maybes) with `resultSelector` (see the two-source form).
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, resultSelector: resultSelector))
    }

    /// Combines the values of eight Singles (or Maybes) with `resultSelector` (see the two-source form).
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: SingleOrMaybeTrait {
    /// A tuple of the values of two Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence<Trait, (E1, E2)>(raw: zipCompiledOnce(source1.source, source2.source) { ($0, $1) })
    }

    /// A tuple of the values of three Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence<Trait, (E1, E2, E3)>(raw: Observable.zip(source1.source, source2.source, source3.source))
    }

    /// A tuple of the values of four Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4)>(
            raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }

    /// A tuple of the values of five Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)>(
            raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }

    /// A tuple of the values of six Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }

    /// A tuple of the values of seven Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source))
    }

    /// A tuple of the values of eight Singles or Maybes (see `zip(_:_:resultSelector:)`).
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source))
    }
}

/// The zip of two Singles or Maybes, compiled once, here: internal, so that cross-module
/// optimisation hands neither it nor the `zip` that calls it to the modules that use them. Each
/// source sends at most one value, so nothing runs per event and a use costs its module no
/// specialised sink; a subscription pays the unspecialised code's metadata look-ups once.
func zipCompiledOnce<E1, E2, Result>(
    _ source1: Observable<E1>, _ source2: Observable<E2>, _ resultSelector: @escaping (E1, E2) throws -> Result
) -> Observable<Result> {
    Observable.zip(source1, source2, resultSelector: resultSelector)
}
