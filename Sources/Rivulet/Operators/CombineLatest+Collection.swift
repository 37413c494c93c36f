extension ObservableType {
    /// Combines the latest values of every observable in `collection` with `resultSelector`
    /// (values in collection order) whenever any emits, once all have emitted.
    ///
    /// An empty collection sends `resultSelector([])` and completes at once, as in RxSwift.
    /// Completion, errors and threading as for `combineLatest(_:_:resultSelector:)`.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        if collection.isEmpty { return combineLatestOfNothing(resultSelector) }
        return collectionSources(CombineLatestCollectionSink.self, collection.map { $0.asObservable() }, resultSelector)
    }

    /// Emits an array of the latest values of every observable in `collection` (in collection
    /// order) whenever any emits, once all have emitted.
    ///
    /// ```swift
    /// Observable.combineLatest([a, b, c]).map { $0.reduce(0, +) }
    /// ```
    ///
    /// An empty collection sends `[]` and completes at once, as in RxSwift. Completion, errors and
    /// threading as for `combineLatest(_:_:resultSelector:)`.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable.combineLatest(collection) { $0 }
    }

    /// The `combineLatest` of no source: `resultSelector([])` (or its error) during the
    /// subscription, then the completion.
    @inlinable
    static func combineLatestOfNothing<Value>(
        _ resultSelector: @escaping ([Value]) throws -> Element
    ) -> Observable<Element> {
        AnonymousObservable { handler, subscriber in
            subscriber.attachNothing()
            let result: Element
            do { result = try resultSelector([]) } catch {
                handler(.error(error))
                return
            }
            handler(.next(result))
            handler(.completed)
        }
    }
}

/// The state of one collection `combineLatest` subscription; the same design as
/// `CombineLatestSink` (state confined to the gate's delivering thread).
@usableFromInline
final class CombineLatestCollectionSink<Value, Result>: CollectionSourcesSink<Value, Result>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`.
    // (gate)
    @exclusivity(unchecked) @usableFromInline var values: [Value?]
    @exclusivity(unchecked) @usableFromInline var valueCount = 0

    @inlinable
    required init(
        _ downstream: @escaping (Event<Result>) -> Void, count: Int,
        _ resultSelector: @escaping ([Value]) throws -> Result
    ) {
        values = Array(repeating: nil, count: count)
        super.init(downstream, count: count, resultSelector)
        // unowned(unsafe): the gate is owned by this sink and only runs while a source handler,
        // which holds the sink strongly, is delivering.
        gate = SerialGate { [unowned(unsafe) self] event in self.step(event) }
    }

    @inlinable
    func step(_ event: Event<CollectionInput<Value>>) {
        if stopped { return }
        switch event {
        case .next(.value(let index, let value)):
            if values[index] == nil { valueCount += 1 }
            values[index] = value
            if valueCount == values.count {
                let result: Result
                do { result = try resultSelector(values.compactMap { $0 }) } catch {
                    finish(.error(error))
                    return
                }
                downstream(.next(result))
            } else if doneCount - (isDone[index] ? 1 : 0) == values.count - 1 {
                // Every other source has completed and one never emitted: no result can follow.
                finish(.completed)
            }
        case .next(.completed(let index)):
            sourceCompleted(index)
        case .error(let error):
            finish(.error(error))
        case .completed:
            break
        }
    }
}
