/// What a source of a two-source `combineLatest` or `zip` reports: a value of the first or the
/// second source, or a source's completion (0 or 1).
@usableFromInline
enum PairInput<A, B> {
    case first(A)
    case second(B)
    case completed(Int)
}

extension GatedSourcesSink {
    /// Subscribes the two sources of a two-source `combineLatest` or `zip`, in order. Specialised
    /// once per pair of element types, where the operator is used.
    @inlinable @inline(never)
    final func subscribe<A, B>(_ s1: Observable<A>, _ s2: Observable<B>) where Input == PairInput<A, B> {
        subscribe(s1, 0) { .first($0) }
        subscribe(s2, 1) { .second($0) }
    }

    /// Subscribes source `index` of a two-source `combineLatest` or `zip`, tagging its values with
    /// `wrap`.
    @inlinable @inline(never)
    final func subscribe<Value, A, B>(
        _ source: Observable<Value>, _ index: Int, _ wrap: @escaping (Value) -> Input
    ) where Input == PairInput<A, B> {
        if isDisposed { return }
        source._subscribe(
            { [self] event in
                if case .next(let value) = event {
                    gate?.send(.next(wrap(value)))
                } else {
                    sourceStopped(index, event.error)
                }
            }, sources[index])
    }

    /// Source `index` has completed (`error` is `nil`) or failed: tells the state machine
    /// through the gate. Compiled once, here (a stop is rare; a value's path is specialised).
    @usableFromInline
    final func sourceStopped<A, B>(_ index: Int, _ error: Swift.Error?) where Input == PairInput<A, B> {
        gate?.send(error.map { .error($0) } ?? .next(.completed(index)))
    }
}
