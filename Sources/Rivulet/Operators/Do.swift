extension ObservableType {
    /// Runs side effects for the events and the lifecycle of each subscription, and passes every
    /// event on unchanged. Every closure is optional.
    ///
    /// - `onNext`, `onError`, `onCompleted` run before the event is passed on; `afterNext`,
    ///   `afterError`, `afterCompleted` run after it. A throw from one of them ends the stream with
    ///   that error (a throw after the terminal event was passed on is dropped).
    /// - `onSubscribe` runs before the source is subscribed, `onSubscribed` after.
    /// - `onDispose` runs once, after the source subscription was disposed, whether the stream
    ///   terminated or the subscription was disposed; never before `onSubscribed`.
    ///
    /// ```swift
    /// source.do(onNext: { print("value", $0) }, onDispose: { print("disposed") })
    /// ```
    @inlinable
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            onSubscribe?()
            let sink = DoSink(downstream, onDispose: onDispose)
            subscriber.setUpstream(sink)
            source._subscribe(
                { event in
                    if sink.isStopped { return }
                    switch event {
                    case .next(let value):
                        do { try onNext?(value) } catch {
                            sink.fail(error)
                            return
                        }
                        sink.forwardNext(value)
                        do { try afterNext?(value) } catch {
                            sink.fail(error)
                        }
                    case .error(let error):
                        sink.errorArrived(error, onError, afterError)
                    case .completed:
                        sink.completedArrived(onCompleted, afterCompleted)
                    }
                }, sink)
            onSubscribed?()
            sink.release()
        }
    }
}

/// The sink of `do`. It runs `onDispose` after its upstream was disposed, but holds it back while
/// the subscribe call is running (so `onSubscribed` comes first) and while a terminal event and
/// its after-handler are running (so the subscriber's own disposal comes first), as in RxSwift.
@usableFromInline
final class DoSink<Element>: LinkedSink, @unchecked Sendable {
    // @unchecked Sendable: `isStopped` is event-path only (serialised by the source); `holds` and
    // `disposePending` are guarded by SinkBase's `lock`.
    @usableFromInline let downstream: (Event<Element>) -> Void
    @usableFromInline let onDispose: (() -> Void)?
    /// Reasons to hold `onDispose` back; starts at 1 for the subscribe call.
    @exclusivity(unchecked) @usableFromInline var holds = 1
    @exclusivity(unchecked) @usableFromInline var disposePending = false

    // Not inlinable: it runs once per subscription (compiled once, here), as do the terminal
    // paths below.
    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, onDispose: (() -> Void)?) {
        self.downstream = downstream
        self.onDispose = onDispose
    }

    /// A closure threw: the error ends the stream.
    @usableFromInline
    func fail(_ error: Swift.Error) {
        terminate(.error(error))
    }

    /// The source failed: `onError`, then the error downstream, then `afterError`.
    @usableFromInline
    func errorArrived(
        _ error: Swift.Error, _ onError: ((Swift.Error) throws -> Void)?, _ afterError: ((Swift.Error) throws -> Void)?
    ) {
        do { try onError?(error) } catch {
            terminate(.error(error))
            return
        }
        terminate(.error(error)) { try? afterError?(error) }
    }

    /// The source completed: `onCompleted`, then the completion downstream, then
    /// `afterCompleted`.
    @usableFromInline
    func completedArrived(_ onCompleted: (() throws -> Void)?, _ afterCompleted: (() throws -> Void)?) {
        do { try onCompleted?() } catch {
            terminate(.error(error))
            return
        }
        terminate(.completed) { try? afterCompleted?() }
    }

    /// Forwards a value unless the sink has stopped.
    @inlinable
    func forwardNext(_ element: Element) {
        if !isStopped { downstream(.next(element)) }
    }

    /// Forwards a terminal event, runs `after`, then disposes the sink; `onDispose` runs last.
    func terminate(_ event: Event<Element>, after: () -> Void = {}) {
        if isStopped { return }
        isStopped = true
        hold()
        downstream(event)
        after()
        dispose()
        release()
    }

    @usableFromInline
    func hold() {
        guard onDispose != nil else { return }
        lock.withLock { holds += 1 }
    }

    /// Drops one hold; runs `onDispose` if the sink was disposed meanwhile and nothing holds it.
    @usableFromInline
    func release() {
        guard let onDispose else { return }
        let runNow = lock.withLock { () -> Bool in
            holds -= 1
            guard holds == 0, disposePending else { return false }
            disposePending = false
            return true
        }
        if runNow { onDispose() }
    }

    @usableFromInline
    override func didDispose() {
        guard let onDispose else { return }
        let runNow = lock.withLock { () -> Bool in
            if holds > 0 {
                disposePending = true
                return false
            }
            return true
        }
        if runNow { onDispose() }
    }
}
