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
    // @unchecked Sendable: `state` and `subscription` are guarded by `lock`; `sink` serialises
    // what it is sent.
    private let lock = Lock.make()
    private let sink: GatedSink<Input>
    private var subscription: Subscription?
    private var state = State.waiting

    private enum State {
        case waiting, subscribed, done
    }

    private init(_ sink: GatedSink<Input>) {
        self.sink = sink
    }

    /// The engine stream of `publisher`: one bridge per subscription.
    @usableFromInline
    static func observable<P: Publisher>(_ publisher: P) -> Observable<Input>
    where P.Output == Input, P.Failure == Failure {
        AnonymousObservable { handler, subscriber in
            let sink = GatedSink(handler)
            subscriber.setUpstream(sink)
            let bridge = ForeignPublisherBridge(sink)
            sink.setUpstream(bridge)
            publisher.receive(subscriber: bridge)
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
        if live { sink.on(.next(input)) }
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
        case .finished: sink.on(.completed)
        case .failure(let failure): sink.on(.error(failure))
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
