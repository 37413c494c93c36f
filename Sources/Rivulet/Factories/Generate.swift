extension ObservableType {
    /// Runs a loop: sends `initialState` and then each `iterate` of the previous value for as long
    /// as `condition` holds, then completes; a throw of either closure fails the stream.
    ///
    /// ```
    /// generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 2 }):  (1248|)
    /// ```
    ///
    /// As in RxSwift, each step of the loop (value or end) is one step on the current thread's
    /// trampoline (see `of`), and disposing the subscription stops the loop. Each subscription
    /// starts again from `initialState`.
    @inlinable
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        stepping((initialState, true)) { step in
            if !step.1 { step.0 = try iterate(step.0) }
            step.1 = false
            return try condition(step.0) ? step.0 : nil
        }
    }

    /// Runs the loop of `generate(initialState:condition:iterate:)` on `scheduler`: one scheduled
    /// action per step (value, or completion when `condition` fails).
    @inlinable
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = GenerateSink<Element>(downstream)
            subscriber.setUpstream(sink)
            sink.run(initialState, condition: condition, iterate: iterate, scheduler: scheduler)
        }
    }
}

/// The sink of `generate` on a scheduler: each recursive step iterates (after the first), checks
/// the condition and sends the value or the completion.
@usableFromInline
final class GenerateSink<Element>: TimedSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: the state travels through the recursive schedule, one step at a time.

    @usableFromInline
    func run(
        _ initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element, scheduler: ImmediateSchedulerType
    ) {
        let recursion = scheduler.scheduleRecursive((initialState, true)) { step, recurse in
            if self.isDisposed { return }
            var state = step.0
            do {
                if !step.1 { state = try iterate(state) }
                if try !condition(state) {
                    self.send(.completed)
                    return
                }
            } catch {
                self.send(.error(error))
                return
            }
            self.send(.next(state))
            recurse((state, false))
        }
        timer.set(recursion, generation: 0)
    }
}
