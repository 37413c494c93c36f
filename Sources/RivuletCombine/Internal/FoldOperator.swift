import Rivulet

// The engine operator behind the Combine dialect's reducing publishers that have no Rx twin
// (`collect(_:)`, `contains`, `allSatisfy`, `min`/`max`, `last`): a fold that may send before the
// end or stop early. `collect()`, `reduce`/`tryReduce`, `count` and `replaceEmpty` are the Rx
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
            source.engineSubscribe(
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

extension ObservableType {
    /// The largest value by `areInIncreasingOrder` (replaced only by a larger one, so of equal
    /// values the first), sent on completion: `max`, `min` (with the order reversed) and their
    /// `by:`/`try` forms.
    @inlinable
    func _combineLargest(by areInIncreasingOrder: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        _combineFold(
            Element?.none,
            next: { largest, value in
                if let current = largest, try !areInIncreasingOrder(current, value) { return .proceed }
                largest = value
                return .proceed
            },
            completed: { $0 })
    }

    /// The last value for which `predicate` returns `true`, sent on completion: `last(where:)`,
    /// `tryLast(where:)`, and `last()` (a predicate that is always `true`).
    @inlinable
    func _combineLast(where predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        _combineFold(
            Element?.none,
            next: { last, value in
                if try predicate(value) { last = value }
                return .proceed
            },
            completed: { $0 })
    }

    /// `decisive` at the first value for which `predicate` returns `decisive` (then finishes and
    /// cancels the source), `!decisive` on completion: `contains(where:)` (`true`, and
    /// `contains(_:)` with `==`) and `allSatisfy` (`false`), and their `try` forms.
    @inlinable
    func _combineDecide(_ predicate: @escaping (Element) throws -> Bool, decisive: Bool) -> Observable<Bool> {
        _combineFold(
            (), next: { _, value in try predicate(value) == decisive ? .finish(decisive) : .proceed },
            completed: { _ in !decisive })
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
