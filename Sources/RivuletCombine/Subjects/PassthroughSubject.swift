import Rivulet

/// A subject that sends each value to the subscribers present at that moment (Combine's
/// `PassthroughSubject`, the twin of `PublishSubject`).
///
/// ```
/// subject:     --1--2--3--|
/// subscriber:     ^--2--3--|     (subscribed after 1)
/// ```
///
/// `Failure` is typed: a `PassthroughSubject<Int, MyError>` can only fail with `MyError`, and a
/// `PassthroughSubject<Int, Never>` cannot be sent a failure at all. A subscriber that arrives
/// after the completion receives `Subscriptions.empty` and the completion at once. Thread-safety
/// and reentrancy as for `PublishSubject`, whose engine it uses (`asObservable()` returns that
/// subject).
///
/// **Demand, as in Combine.** Each subscriber has its own demand: a value sent while a subscriber
/// has none outstanding is dropped for that subscriber (not kept), the completion reaches every
/// subscriber whatever its demand. `sink` and `assign` request everything, so they receive every
/// value (and run on the engine, at its speed).
public final class PassthroughSubject<Output, Failure: Swift.Error>: Subject, EnginePublisher, CustomStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: the engine subject is thread-safe; `upstreams` is atomic.
    @usableFromInline let subject = PublishSubject<Output>()
    /// The subscriptions of the publishers this subject is attached to (`send(subscription:)`),
    /// made on the first one; they are cancelled when the subject (and so this) is released.
    @usableFromInline let upstreams = AtomicLazyCell<SubjectUpstreams>()

    /// A subject with no subscribers.
    @inlinable
    public init() {}

    /// Sends `value` to every current subscriber; ignored after the completion.
    @inlinable
    public func send(_ value: Output) { subject.on(.next(value)) }

    /// Ends the subject with `completion`; later sends are ignored.
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) { subject.on(completion.event()) }

    /// Requests everything from an upstream this subject is attached to
    /// (`publisher.subscribe(subject)`): the subject takes every value it is sent. The subject
    /// keeps the subscription and cancels it when the subject is released, as Combine does.
    public func send(subscription: Subscription) {
        SubjectUpstreams.keep(subscription, in: upstreams)
        subscription.request(.unlimited)
    }

    /// Attaches `subscriber` with a subscription that keeps its demand (Combine's rules: see
    /// `PassthroughSubject`).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SubjectSubscription.attach(
            DemandSubscriber.erase(subscriber), to: subject, parent: self, name: "PassthroughSubject",
            keepsLatest: false)
    }

    /// The engine subject behind this one.
    @inlinable
    func engineStream() -> Observable<Output> { subject }

    /// `PassthroughSubject`.
    public var description: String { "PassthroughSubject" }
}
