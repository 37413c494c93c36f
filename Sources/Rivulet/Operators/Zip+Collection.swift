extension ObservableType {
    /// Combines the values of every observable in `collection` with `resultSelector` (values in
    /// collection order), one from each source at a time, in order.
    ///
    /// An empty collection completes at once. Completes when every source has completed, or when
    /// a value arrives while every other source has completed and one of them has nothing queued
    /// (no combination can follow). Errors and threading as for `zip(_:_:resultSelector:)`.
    @inlinable
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        collectionSources(ZipCollectionSink.self, collection.map { $0.asObservable() }, resultSelector)
    }

    /// Emits arrays of the values of every observable in `collection` (in collection order), one
    /// from each source at a time, in order.
    ///
    /// ```swift
    /// Observable.zip([a, b, c]).map { $0.reduce(0, +) }
    /// ```
    ///
    /// An empty collection completes at once. Completion, errors and threading as for
    /// `zip(_:resultSelector:)`.
    @inlinable
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        collectionSources(ZipCollectionSink.self, collection.map { $0.asObservable() }) { $0 }
    }
}

/// The state of one collection `zip` subscription; the same design as `ZipSink` (state confined
/// to the gate's delivering thread), with one queue per source.
@usableFromInline
final class ZipCollectionSink<Value, Result>: CollectionSourcesSink<Value, Result>, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (gate) are only touched by the thread delivering
    // through `gate`.
    // (gate)
    @exclusivity(unchecked) @usableFromInline var queues: [RingBuffer<Value>]
    /// The number of queues that hold a value.
    @exclusivity(unchecked) @usableFromInline var readyCount = 0

    @inlinable
    required init(
        _ downstream: @escaping (Event<Result>) -> Void, count: Int,
        _ resultSelector: @escaping ([Value]) throws -> Result
    ) {
        queues = Array(repeating: RingBuffer(), count: count)
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
            if queues[index].isEmpty { readyCount += 1 }
            queues[index].append(value)
            if readyCount < queues.count {
                // Every other source has completed and one has nothing queued: no combination
                // can follow (RxSwift's rule for the collection form).
                if doneCount == queues.count - 1 { finish(.completed) }
                return
            }
            var values: [Value] = []
            values.reserveCapacity(queues.count)
            readyCount = 0
            for position in queues.indices {
                if let first = queues[position].removeFirst() { values.append(first) }
                if !queues[position].isEmpty { readyCount += 1 }
            }
            let result: Result
            do { result = try resultSelector(values) } catch {
                finish(.error(error))
                return
            }
            downstream(.next(result))
        case .next(.completed(let index)):
            sourceCompleted(index)
        case .error(let error):
            finish(.error(error))
        case .completed:
            break
        }
    }

    @usableFromInline
    override func didSettle() {
        super.didSettle()
        // No delivery runs any more (see `ZipSink.didSettle`).
        queues = []
    }
}
