import Rivulet

/// The subscriber `asObservable()` attaches to a publisher that is not Rivulet's (one written the
/// Combine way, with `receive(subscriber:)`): it requests `.unlimited` and passes everything to the
/// engine observer.
///
/// It follows Combine's rules whatever order the publisher calls it in: values and a completion
/// that arrive before the subscription, after the completion or after the engine subscription was
/// disposed are ignored; a second subscription is cancelled. The engine observer (of
/// `Observable.create`) serialises calls from several threads.
@usableFromInline
final class ForeignPublisherBridge<Input, Failure: Swift.Error>: Subscriber, Disposable, CustomStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: `state` and `subscription` are guarded by `lock`; `observer` serialises
    // what it is sent (`Observable.create`).
    private let lock = Lock.make()
    private let observer: AnyObserver<Input>
    private var subscription: Subscription?
    private var state = State.waiting

    private enum State {
        case waiting, subscribed, done
    }

    private init(_ observer: AnyObserver<Input>) {
        self.observer = observer
    }

    /// The engine stream of `publisher`: one bridge per subscription.
    @usableFromInline
    static func observable<P: Publisher>(_ publisher: P) -> Observable<Input>
    where P.Output == Input, P.Failure == Failure {
        Observable.create { observer in
            let bridge = ForeignPublisherBridge(observer)
            publisher.receive(subscriber: bridge)
            return bridge
        }
    }

    @usableFromInline
    var description: String { "ForeignPublisherBridge" }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard state == .waiting else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed
        self.subscription = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let live = state == .subscribed
        lock.unlock()
        if live { observer.onNext(input) }
        return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let live = state == .subscribed
        if live {
            state = .done
            subscription = nil
        }
        lock.unlock()
        guard live else { return }
        switch completion {
        case .finished: observer.onCompleted()
        case .failure(let failure): observer.onError(failure)
        }
    }

    @usableFromInline
    func dispose() {
        lock.lock()
        state = .done
        let subscription = self.subscription.take()
        lock.unlock()
        subscription?.cancel()
    }
}
