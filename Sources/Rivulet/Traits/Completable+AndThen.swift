extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs `second` once `self` has completed: the result is `second`'s; an error of `self` fails
    /// it without subscribing to `second`.
    ///
    /// ```
    /// self:              ----|
    /// second (cold):         --a|
    /// andThen(second):   ------a|
    /// ```
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(compiledHere: primitiveSequence.source.concatCompletable(second.source))
    }

    /// Runs `second` once `self` has completed (see `andThen(_:)` with a `Single`).
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(compiledHere: primitiveSequence.source.concatCompletable(second.source))
    }

    /// Runs `second` once `self` has completed (see `andThen(_:)` with a `Single`). A long chain
    /// of `andThen`s runs in constant stack: it is a `concat`, which walks nested ones in place.
    public func andThen(_ second: Completable) -> Completable {
        Completable(
            compiledHere: ConcatObservable(CompletablePair(first: primitiveSequence.source, second: second.source)))
    }

    /// Subscribes to `second` once `self` has completed (see `andThen(_:)` with a `Single`).
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        primitiveSequence.source.concatCompletable(second)
    }
}

extension Observable where Element == Swift.Never {
    /// `self` (which sends no value), then `second`: the subscription to `self` ends when it
    /// completes, before `second` is subscribed.
    @usableFromInline
    func concatCompletable<Other>(_ second: Observable<Other>) -> Observable<Other> {
        let first = self
        // `self` seen as a stream of `Other` (it has no value to convert), made once.
        let done = AnonymousObservable<Other> { handler, slot in
            first._subscribe(
                { event in
                    switch event {
                    case .error(let error): handler(.error(error))
                    case .completed: handler(.completed)
                    }
                }, slot)
        }
        return AnonymousObservable { downstream, subscriber in
            let sink = SerialSourceSink<Other>(downstream)
            subscriber.setUpstream(sink)
            sink.subscribe(done) { event in
                switch event {
                case .next(let value): sink.forwardNext(value)
                case .error: sink.forward(event)
                case .completed: sink.subscribe(second) { event in sink.forward(event) }
                }
            }
        }
    }
}

/// The two sources of `Completable.andThen(Completable)`, for `concat`: a subscription's iterator
/// lets go of each source once it has handed it out, so the first `Completable` (and what its
/// closures capture) is released when it completes, not when the whole subscription ends.
struct CompletablePair: Sequence {
    let first: Observable<Never>
    let second: Observable<Never>

    func makeIterator() -> Iterator { Iterator(first: first, second: second) }

    struct Iterator: IteratorProtocol {
        var first: Observable<Never>?
        var second: Observable<Never>?

        mutating func next() -> Observable<Never>? {
            if let source = first {
                first = nil
                return source
            }
            defer { second = nil }
            return second
        }
    }
}
