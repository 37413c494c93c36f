extension Publisher {
    /// The engine stream of a publisher written the Combine way, with `receive(subscriber:)`:
    /// each subscription attaches a subscriber that requests `.unlimited` and passes everything on.
    ///
    /// ```swift
    /// struct Countdown: Publisher {
    ///     typealias Output = Int
    ///     typealias Failure = Never
    ///     func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    ///         subscriber.receive(subscription: Subscriptions.empty)
    ///         for value in (1...3).reversed() { _ = subscriber.receive(value) }
    ///         subscriber.receive(completion: .finished)
    ///     }
    /// }
    /// ```
    ///
    /// The publisher may call the subscriber from any thread: events are serialised, and once the
    /// subscription is disposed nothing more is passed on and its `Subscription` is cancelled.
    public func asObservable() -> Observable<Output> {
        Observable.create { observer in
            let bridge = EngineSubscriber<Output, Failure>(observer)
            self.receive(subscriber: bridge)
            return bridge
        }
    }
}

/// The subscriber a Combine-style publisher is given by `asObservable()`: it requests everything
/// and forwards it to the engine observer.
final class EngineSubscriber<Input, Failure: Swift.Error>: Subscriber, Disposable, @unchecked Sendable {
    // @unchecked Sendable: `subscription` and `isDisposed` are guarded by `lock`; `observer`
    // serialises what it is sent (`Observable.create`).
    let lock = Lock.make()
    let observer: AnyObserver<Input>
    @exclusivity(unchecked) var subscription: Subscription?
    @exclusivity(unchecked) var isDisposed = false

    init(_ observer: AnyObserver<Input>) {
        self.observer = observer
    }

    func receive(subscription: Subscription) {
        lock.lock()
        if isDisposed {
            lock.unlock()
            return subscription.cancel()
        }
        self.subscription = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        observer.onNext(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: observer.onCompleted()
        case .failure(let failure): observer.onError(failure)
        }
    }

    func dispose() {
        lock.lock()
        isDisposed = true
        let subscription = self.subscription.take()
        lock.unlock()
        subscription?.cancel()
    }
}
