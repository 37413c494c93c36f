extension ObservableType {
    /// On an error, disposes the source and continues with the observable `handler` returns for
    /// that error; a throw from `handler` ends the stream with the thrown error.
    ///
    /// ```
    /// source:                        --1--2--#
    /// catch { _ in .of(8, 9) }:      --1--2--(89|)
    /// ```
    @inlinable
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        OperatorObservable(CatchParameters(asObservable(), handler)) { parameters, downstream, subscriber in
            let handler = parameters.handler
            let sink = SerialSourceSink(downstream)
            subscriber.setUpstream(sink)
            sink.subscribe(parameters.source) { event in
                switch event {
                case .next(let value):
                    sink.forwardNext(value)
                case .completed:
                    sink.forward(.completed)
                case .error(let error):
                    catchFailure(error, handler, sink) { event in sink.forward(event) }
                }
            }
        }
    }

    /// On an error, sends `element` and completes.
    ///
    /// ```
    /// source:            --1--2--#
    /// catchAndReturn(0): --1--2--(0|)
    /// ```
    ///
    /// The source's subscription ends right after the completion (`do(onDispose:)` on the source
    /// runs after the subscriber has seen `element` and the completion); RxSwift's, built on
    /// `catch`, ends before `element` is sent.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        // Stateless, as `map`: an error is the source's last event, so the value and the
        // completion go straight to the downstream's subscriber, which ends the source's
        // subscription at the completion. (Not `catch { _ in .just(element) }`: a second sink and
        // a fallback subscription per use, for one value.)
        OperatorObservable(SourceParameters(asObservable(), element)) { parameters, downstream, subscriber in
            let element = parameters.value
            parameters.source._subscribe(
                { event in
                    guard case .error = event else { return downstream(event) }
                    returnAfterError(element, downstream)
                }, subscriber)
        }
    }

    /// Subscribes to the observables of `sequence` one after the other, moving on to the next
    /// when the current one fails: passes on their values, completes when one completes, and fails
    /// with the last error when every one has failed. An empty sequence completes at once.
    ///
    /// ```
    /// a:                       --1--#
    /// b:                            --2--|
    /// catch(sequence: [a, b]): --1----2--|
    /// ```
    ///
    /// The sequence is iterated anew for each subscription, one element at a time; sources that
    /// fail synchronously do not recurse.
    @inlinable
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        AnonymousObservable { downstream, subscriber in
            let sink = SourceSequenceSink(downstream, sequence.makeIterator(), moveOn: .error)
            subscriber.setUpstream(sink)
            sink.advance()
        }
    }

    /// Deprecated spelling of `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    @inlinable
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// Deprecated spelling of `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    @inlinable
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// Deprecated spelling of `catch(sequence:)`.
    @available(*, deprecated, renamed: "catch(sequence:)")
    @inlinable
    public static func catchError<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }
}

/// `catchAndReturn`'s source failed: sends `element` and completes. Compiled once, here (it runs
/// at most once per subscription).
@usableFromInline
func returnAfterError<Element>(_ element: Element, _ downstream: (Event<Element>) -> Void) {
    returnAfterErrorOnce(element, downstream)
}

func returnAfterErrorOnce<Element>(_ element: Element, _ downstream: (Event<Element>) -> Void) {
    downstream(.next(element))
    downstream(.completed)
}

/// `catch`'s source failed: subscribes to the handler's fallback with `forward` (made by the
/// caller, so the fallback's events are forwarded by specialised code), or forwards the handler's
/// own error. It runs at most once per subscription, so it is compiled once, here, not into each
/// use's event closure. The body is an internal function, which keeps cross-module optimisation
/// from handing it to other modules.
@usableFromInline
func catchFailure<Element>(
    _ error: Swift.Error, _ handler: (Swift.Error) throws -> Observable<Element>, _ sink: SerialSourceSink<Element>,
    _ forward: @escaping (Event<Element>) -> Void
) {
    catchFailureOnce(error, handler, sink, forward)
}

func catchFailureOnce<Element>(
    _ error: Swift.Error, _ handler: (Swift.Error) throws -> Observable<Element>, _ sink: SerialSourceSink<Element>,
    _ forward: @escaping (Event<Element>) -> Void
) {
    if sink.isStopped { return }
    let fallback: Observable<Element>
    do { fallback = try handler(error) } catch {
        sink.forward(.error(error))
        return
    }
    sink.subscribe(fallback, forward)
}
