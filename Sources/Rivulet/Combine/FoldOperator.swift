// The engine operator behind the Combine dialect's reducing publishers that have no Rx twin
// (`collect(_:)`, `count`, `contains`, `allSatisfy`, `min`/`max`, `last`): a fold that may send
// before the end or stop early. `collect()`, `reduce`/`tryReduce` and `replaceEmpty` are the Rx
// `toArray`, `reduce` and `ifEmpty(default:)`.

/// What `_combineFold`'s step closure decided for one value.
@usableFromInline
enum _CombineFoldStep<Result> {
    /// Keep going.
    case proceed
    /// Send `Result` now and keep going.
    case emit(Result)
    /// Send `Result` (if any), finish and cancel the upstream.
    case finish(Result?)
}

extension ObservableType {
    /// Folds the values into per-subscription state: `next` updates the state for each value and
    /// says whether to send something or stop early; when the source completes, `completed`
    /// gives the last value to send (if any) before the completion. A throw of `next` fails the
    /// stream and cancels the source; an error of the source is passed on as it is.
    ///
    /// One `StateSink` per subscription; the state is touched only on the (serialised) event path.
    @inlinable
    func _combineFold<State, Result>(
        _ initial: State,
        next: @escaping (inout State, Element) throws -> _CombineFoldStep<Result>,
        completed: @escaping (inout State) -> Result?
    ) -> Observable<Result> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = StateSink(downstream, state: initial)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        if sink.isStopped { return }
                        let step: _CombineFoldStep<Result>
                        do { step = try next(&sink.state, value) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        switch step {
                        case .proceed: return
                        case .emit(let result): sink.forwardNext(result)
                        case .finish(let result): _combineFoldFinish(sink, result)
                        }
                    case .error(let error):
                        sink.forward(.error(error))
                    case .completed:
                        if sink.isStopped { return }
                        _combineFoldFinish(sink, completed(&sink.state))
                    }
                }, sink)
        }
    }
}

/// Sends the last value (if any, with `StateSink.finish(with:)`), then the completion, and
/// cancels the source. The sink stops before the value goes out, so an event that arrives
/// reentrantly during its delivery is dropped; a subscriber that cancels while receiving it gets
/// no completion.
@inlinable
func _combineFoldFinish<Result, State>(_ sink: StateSink<Result, State>, _ result: Result?) {
    if let result {
        sink.finish(with: result)
    } else {
        sink.forward(.completed)
    }
}
