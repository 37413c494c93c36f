/// The traits whose streams carry a value: `SingleTrait` and `MaybeTrait`. The operators the two
/// share (`just`, `map`, `flatMap`, `filter`, `zip`, ...) are declared once, for every trait of
/// this kind; each returns the trait it was called on (a `Single` stays a `Single`).
public protocol SingleOrMaybeTrait {}

extension SingleTrait: SingleOrMaybeTrait {}

extension MaybeTrait: SingleOrMaybeTrait {}

extension PrimitiveSequenceType where Trait: SingleOrMaybeTrait {
    /// A `Single` (or `Maybe`) of `element`.
    public static func just(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: Observable.just(element))
    }

    /// A `Single` (or `Maybe`) of `element`, sent by an action on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(compiledHere: Observable.just(element, scheduler: scheduler))
    }

    /// A `Single` (or `Maybe`) that fails with `error`.
    public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: Observable.error(error))
    }

    /// A `Single` (or `Maybe`) that never sends anything.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: Observable.never())
    }

    /// Keeps the value if `predicate` holds, otherwise completes empty: a `Maybe`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(compiledHere: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the value; a throw fails the result, which is the same trait (`Single` or
    /// `Maybe`).
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> PrimitiveSequence<Trait, Result> {
        PrimitiveSequence(compiledHere: primitiveSequence.source.map(transform))
    }

    /// Transforms the value and keeps a non-`nil` result, otherwise completes empty: a `Maybe`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(compiledHere: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the trait of the same kind (`Single` or `Maybe`) `selector` returns for
    /// the value.
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> PrimitiveSequence<Trait, Result>
    ) -> PrimitiveSequence<Trait, Result> {
        PrimitiveSequence(compiledHere: primitiveSequence.source.flatMap(selector))
    }

    /// On an error, succeeds with `element` instead.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(compiledHere: primitiveSequence.source.catchAndReturn(element))
    }

    /// Deprecated spelling of `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }
}
