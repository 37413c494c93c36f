/// An observable that is an operator's parameters and a subscribe function that captures
/// nothing: one object per operator use, where an `AnonymousObservable` is two (itself and the
/// context of its subscribe closure), and no closure context, context destructor or forwarder per
/// operator and type in the user's module.
///
/// The parameters are a struct per operator (the `…Parameters` types below), not a tuple: a
/// function stored in a tuple that stands for a generic parameter is wrapped in a reabstraction
/// thunk (an allocation, and an extra call per event), while a struct keeps each function as its
/// field declares it.
@usableFromInline
final class OperatorObservable<Element, Parameters>: Observable<Element> {
    @usableFromInline let parameters: Parameters
    @usableFromInline let subscribeFunction:
        (borrowing Parameters, consuming @escaping (Event<Element>) -> Void, SinkBase) -> Void

    @inlinable
    init(
        _ parameters: Parameters,
        _ subscribeFunction:
            @escaping (borrowing Parameters, consuming @escaping (Event<Element>) -> Void, SinkBase) -> Void
    ) {
        self.parameters = parameters
        self.subscribeFunction = subscribeFunction
    }

    @inlinable
    override func _subscribe(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        subscribeFunction(parameters, handler, subscriber)
    }
}

/// A source and a value that is not a function (`take`'s count, `startWith`'s prefix).
@usableFromInline
struct SourceParameters<Element, Value> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let value: Value

    @inlinable
    init(_ source: Observable<Element>, _ value: Value) {
        self.source = source
        self.value = value
    }
}

/// A source and a function of its values (`map`, and the selector of `flatMap`, `flatMapLatest`,
/// `flatMapFirst`, `concatMap`, with `limit` for the merging ones).
@usableFromInline
struct TransformParameters<Element, Result> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let transform: (Element) throws -> Result
    @usableFromInline let limit: Int

    @inlinable
    init(_ source: Observable<Element>, _ transform: @escaping (Element) throws -> Result, limit: Int = 0) {
        self.source = source
        self.transform = transform
        self.limit = limit
    }
}

/// A source and a predicate (`filter`).
@usableFromInline
struct PredicateParameters<Element> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: (Element) throws -> Bool

    @inlinable
    init(_ source: Observable<Element>, _ predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }
}

/// A source and a function that may drop a value (`compactMap`).
@usableFromInline
struct CompactMapParameters<Element, Result> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let transform: (Element) throws -> Result?

    @inlinable
    init(_ source: Observable<Element>, _ transform: @escaping (Element) throws -> Result?) {
        self.source = source
        self.transform = transform
    }
}

/// A source and an error handler (`catch`).
@usableFromInline
struct CatchParameters<Element> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let handler: (Swift.Error) throws -> Observable<Element>

    @inlinable
    init(_ source: Observable<Element>, _ handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
    }
}

/// A source, a seed and an accumulator (`scan`).
@usableFromInline
struct ScanParameters<Element, Accumulate> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let seed: Accumulate
    @usableFromInline let accumulator: (inout Accumulate, Element) throws -> Void

    @inlinable
    init(
        _ source: Observable<Element>, _ seed: Accumulate,
        _ accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }
}

/// A source, a key selector and a key comparer (`distinctUntilChanged` with either).
@usableFromInline
struct KeyedDistinctParameters<Element, Key> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let keySelector: (Element) throws -> Key
    @usableFromInline let comparer: (Key, Key) throws -> Bool

    @inlinable
    init(
        _ source: Observable<Element>, _ keySelector: @escaping (Element) throws -> Key,
        _ comparer: @escaping (Key, Key) throws -> Bool
    ) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
    }
}

/// Two sources and a function combining a value of the first with the latest of the second
/// (`withLatestFrom`).
@usableFromInline
struct WithLatestFromParameters<First, Second, Result> {
    @usableFromInline let first: Observable<First>
    @usableFromInline let second: Observable<Second>
    @usableFromInline let resultSelector: (First, Second) throws -> Result

    @inlinable
    init(
        _ first: Observable<First>, _ second: Observable<Second>,
        _ resultSelector: @escaping (First, Second) throws -> Result
    ) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }
}
