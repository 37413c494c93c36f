extension ObservableType {
    /// Resubscribes to the source after an error when the observable `notificationHandler` made
    /// from the stream of errors sends a value; its error or completion ends the result the same
    /// way.
    ///
    /// ```
    /// source (each subscription):   -1-#
    /// retry(when: { $0.take(2) }):  -1--1--1-|
    /// ```
    ///
    /// `notificationHandler` is called once per subscription with an observable of the errors
    /// (those that are an `Error`; any other error ends the result at once), and its observable
    /// is subscribed before the source. After each error, the failed subscription is disposed and
    /// the error sent on; the next value of the trigger resubscribes. A trigger that ends before
    /// an error ends the result at that error. A trigger that sends its value at once does not
    /// recurse: the errors observable queues sends made from inside its delivery.
    @inlinable
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retryWhen(Error.self, notificationHandler)
    }

    /// `retry(when:)` with every error reaching the handler as a `Swift.Error`.
    @inlinable
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retryWhen(Swift.Error.self, notificationHandler)
    }

    /// The body of both `retry(when:)`s.
    @inlinable
    func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _: Error.Type, _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = RetryWhenSink<Element, Error>(downstream, source: source)
            subscriber.setUpstream(sink)
            notificationHandler(sink.errors.asObservable()).asObservable()._subscribe(
                { event in
                    switch event {
                    case .next: sink.triggerNext()
                    case .error(let error): sink.triggerStopped(.error(error))
                    case .completed: sink.triggerStopped(.completed)
                    }
                }, sink.trigger)
            sink.subscribeSource()
        }
    }

    /// Deprecated spelling of `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @inlinable
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Deprecated spelling of `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @inlinable
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

/// The state of one `retry(when:)` subscription: the current source subscription, the trigger's
/// subscription, the subject the errors are sent to, and whether an error waits for the trigger.
///
/// The source and the trigger may send from different threads: decisions are taken under
/// SinkBase's `lock` (a few fields), subscribing, disposing and sending happen after it, and
/// everything that goes downstream passes through a `SerialGate`, which disposes the sink after
/// the stop event.
@usableFromInline
final class RetryWhenSink<Element, Failure: Swift.Error>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the fields marked (lock) are guarded by SinkBase's `lock`; `gate` and
    // `errors` have their own locks; the rest is immutable.
    @usableFromInline let gate: SerialGate<Element>
    @usableFromInline let source: Observable<Element>
    @usableFromInline let errors = PublishSubject<Failure>()
    @usableFromInline let trigger = SinkBase()

    // (lock)
    @exclusivity(unchecked) @usableFromInline var current: SinkBase?
    @exclusivity(unchecked) @usableFromInline var waiting = false
    @exclusivity(unchecked) @usableFromInline var triggerStop: Event<Element>?

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, source: Observable<Element>) {
        gate = SerialGate(downstream)
        self.source = source
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// Subscribes to the source in a new slot (nothing once the sink is disposed).
    @usableFromInline
    func subscribeSource() {
        let slot = SinkBase()
        lock.lock()
        if phase == SinkBase.disposed {
            lock.unlock()
            return
        }
        current = slot
        lock.unlock()
        source.subscribeOnTrampoline(
            { [self] event in
                switch event {
                case .next, .completed: gate.send(event)
                case .error(let error): sourceFailed(error, slot)
                }
            }, slot)
    }

    /// The current source failed: dispose it, then send the error to the handler's stream (or
    /// end the result, when the trigger has already ended or the error is not a `Failure`).
    @usableFromInline
    func sourceFailed(_ error: Swift.Error, _ slot: SinkBase) {
        guard let failure = error as? Failure else {
            gate.send(.error(error))
            return
        }
        lock.lock()
        waiting = true
        let stop = triggerStop
        if current === slot { current = nil }
        lock.unlock()
        slot.dispose()
        if let stop {
            gate.send(stop)
        } else {
            errors.onNext(failure)
        }
    }

    /// The trigger sent a value: resubscribe if an error is waiting.
    @usableFromInline
    func triggerNext() {
        lock.lock()
        let resubscribe = waiting
        waiting = false
        lock.unlock()
        if resubscribe { subscribeSource() }
    }

    /// The trigger ended: end the result now if an error is waiting, otherwise at the next error.
    @usableFromInline
    func triggerStopped(_ event: Event<Element>) {
        lock.lock()
        triggerStop = event
        let now = waiting
        lock.unlock()
        if now { gate.send(event) }
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override func didDispose() {
        let held = lock.withLock { () -> SinkBase? in
            defer { current = nil }
            return current
        }
        held?.dispose()
        trigger.dispose()
    }
}
