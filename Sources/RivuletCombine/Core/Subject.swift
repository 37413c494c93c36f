import Rivulet

/// A publisher you can send values and a completion into (Combine's `Subject`).
///
/// Rivulet's subjects (`PassthroughSubject`, `CurrentValueSubject`) may be sent to from any
/// thread. A subject of your own implements `receive(subscriber:)` and the three `send` methods.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers.
    func send(_ value: Output)

    /// Ends the subject: its subscribers receive `completion`.
    func send(completion: Subscribers.Completion<Failure>)

    /// Hands the subject the subscription of an upstream it is attached to with
    /// `publisher.subscribe(subject)`; the subject requests what it wants through it.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    @inlinable
    public func send() { send(()) }
}

extension Publisher {
    /// Feeds `subject` with every value and the completion of this publisher; the returned
    /// `AnyCancellable` ends that (the subject itself stays open if it is cancelled first).
    ///
    /// ```swift
    /// Just(1).subscribe(subject).store(in: &cancellables)
    /// ```
    ///
    /// The subject is first handed the subscription (`send(subscription:)`) and requests what it
    /// wants: a `CurrentValueSubject` requests `.unlimited` at once, a `PassthroughSubject` once one
    /// of its own subscribers has asked for a value. The subject is held until the completion or
    /// `cancel()`.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
    where S.Output == Output, S.Failure == Failure {
        let subscriber = SubjectSubscriber(subject)
        receive(subscriber: subscriber)
        return AnyCancellable(subscriber)
    }
}

/// The subscriber `subscribe(_:)` (and `AnySubscriber(subject)`) attaches for a subject (Combine's
/// `SubjectSubscriber`): it hands the subject itself as the subscription (requests and the cancel
/// go to the upstream's), passes values on and the first completion, until cancelled; what comes
/// before the subscription is ignored.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: `subject`, `subscription` and `isDone` are guarded by `lock`; the
    // subject and the upstream are called outside it.
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = Lock.make()
    @exclusivity(unchecked) private var subject: Downstream?
    @exclusivity(unchecked) private var subscription: Subscription?
    @exclusivity(unchecked) private var isDone = false

    init(_ subject: Downstream) {
        self.subject = subject
    }

    var description: String { "Subject" }

    /// Combine's children: the subject and the upstream's subscription.
    var customMirror: Mirror {
        let (subject, subscription) = lock.withLock { (self.subject, self.subscription) }
        return Mirror(
            self, children: [("downstreamSubject", subject as Any), ("upstreamSubscription", subscription as Any)])
    }

    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        lock.lock()
        guard !isDone, self.subscription == nil, let subject else {
            lock.unlock()
            return subscription.cancel()
        }
        self.subscription = subscription
        lock.unlock()
        subject.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let subject = isDone || subscription == nil ? nil : self.subject
        lock.unlock()
        subject?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let subject = isDone || subscription == nil ? nil : self.subject.take()
        isDone = true
        subscription = nil
        lock.unlock()
        subject?.send(completion: completion)
    }

    /// The subject's request, passed to the upstream's subscription.
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let subscription = self.subscription
        lock.unlock()
        subscription?.request(demand)
    }

    func cancel() {
        lock.lock()
        isDone = true
        let subscription = self.subscription.take()
        let subject = self.subject.take()
        lock.unlock()
        subscription?.cancel()
        withExtendedLifetime(subject) {}
    }
}
