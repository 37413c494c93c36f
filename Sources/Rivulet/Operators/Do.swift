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
                            sink.forward(.error(error))
                            return
                        }
                        sink.forward(event)
                        do { try afterNext?(value) } catch {
                            sink.forward(.error(error))
                        }
                    case .error(let error):
                        do { try onError?(error) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.isStopped = true
                        sink.downstream(event)
                        try? afterError?(error)
                        sink.dispose()
                    case .completed:
                        do { try onCompleted?() } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.isStopped = true
                        sink.downstream(event)
                        try? afterCompleted?()
                        sink.dispose()
                    }
                }, sink)
            onSubscribed?()
            sink.finishSubscribing()
        }
    }
}

/// The sink of `do`: a `Sink` that runs `onDispose` after its upstream was disposed, but not
/// before the subscribe call has finished (`onSubscribed` comes first, as in RxSwift).
@usableFromInline
final class DoSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `isStopped` is event-path only (serialised by the source);
    // `subscribing` and `disposePending` are guarded by SinkBase's `lock`.
    @usableFromInline let downstream: (Event<Element>) -> Void
    @usableFromInline let onDispose: (() -> Void)?
    @exclusivity(unchecked) @usableFromInline var isStopped = false
    @exclusivity(unchecked) @usableFromInline var subscribing = true
    @exclusivity(unchecked) @usableFromInline var disposePending = false

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void, onDispose: (() -> Void)?) {
        self.downstream = downstream
        self.onDispose = onDispose
    }

    /// Forwards any event; a terminal event stops the sink and disposes its upstream.
    @inlinable
    func forward(_ event: Event<Element>) {
        if isStopped { return }
        if case .next = event {
            downstream(event)
            return
        }
        isStopped = true
        downstream(event)
        dispose()
    }

    /// Marks the end of the subscribe call; runs `onDispose` now if the sink was disposed during it.
    @usableFromInline
    func finishSubscribing() {
        guard let onDispose else { return }
        let runNow = lock.withLock { () -> Bool in
            subscribing = false
            return disposePending
        }
        if runNow { onDispose() }
    }

    @usableFromInline
    override func didDispose() {
        guard let onDispose else { return }
        let runNow = lock.withLock { () -> Bool in
            if subscribing {
                disposePending = true
                return false
            }
            return true
        }
        if runNow { onDispose() }
    }
}
