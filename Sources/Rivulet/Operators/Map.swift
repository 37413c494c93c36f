extension ObservableType {
    /// Transforms each value with `transform`; a throw ends the stream with that error.
    ///
    /// ```
    /// source:          --1--2--3--|
    /// map { $0 * 10 }: --10-20-30-|
    /// ```
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        // Stateless: no sink of its own. The source feeds the downstream's subscriber directly,
        // which enforces the grammar and ends the source's subscription when it stops.
        OperatorObservable(TransformParameters(asObservable(), transform)) { parameters, downstream, subscriber in
            let transform = parameters.transform
            parameters.source._subscribe(
                { event in
                    guard case .next(let value) = event else {
                        forwardTerminal(event, downstream)
                        return
                    }
                    let result: Result
                    do { result = try transform(value) } catch {
                        failStateless(error, downstream, subscriber)
                        return
                    }
                    downstream(.next(result))
                }, subscriber)
        }
    }
}

/// Forwards a terminal event to a downstream of another element type (for `map` and
/// `compactMap`). It runs at most once per subscription, so it is compiled once, here, not into
/// each operator's event closure (generic code run unspecialised: a metadata look-up or two, once).
/// The body is an internal function, which keeps cross-module optimisation from handing it to
/// other modules to specialise.
@usableFromInline
func forwardTerminal<Element, Result>(_ event: Event<Element>, _ downstream: (Event<Result>) -> Void) {
    forwardTerminalOnce(event, downstream)
}

func forwardTerminalOnce<Element, Result>(_ event: Event<Element>, _ downstream: (Event<Result>) -> Void) {
    switch event {
    case .next: break
    case .error(let error): downstream(.error(error))
    case .completed: downstream(.completed)
    }
}

/// A stateless operator's closure threw: the error goes downstream and the subscription ends (the
/// operator has no sink; `subscriber` is the downstream's). Compiled once, here, as
/// `forwardTerminal`.
@usableFromInline
func failStateless<Result>(_ error: Swift.Error, _ downstream: (Event<Result>) -> Void, _ subscriber: SinkBase) {
    failStatelessOnce(error, downstream, subscriber)
}

func failStatelessOnce<Result>(_ error: Swift.Error, _ downstream: (Event<Result>) -> Void, _ subscriber: SinkBase) {
    downstream(.error(error))
    subscriber.dispose()
}
