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
    SubjectDemandListener, @unchecked Sendable
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

    /// Keeps the subscription of an upstream this subject is attached to
    /// (`publisher.subscribe(subject)`) and, as Combine's, requests everything from it once a
    /// subscriber of this subject asks for values (at once if one is subscribed), so that
    /// `currentValue.subscribe(passthrough)` keeps the current value for the passthrough's
    /// subscriber. The subject cancels the subscription when it is released, as Combine does.
    ///
    /// A subscriber already subscribed counts as asking even if its demand is still `.none`
    /// (Combine would wait for its first request).
    public func send(subscription: Subscription) {
        SubjectUpstreams.keep(subscription, in: upstreams, requestsAtOnce: subject.hasObservers)
    }

    /// A subscriber asked for values for the first time: the upstreams waiting for it are asked
    /// for everything.
    func subscriberRequested() { upstreams.load()?.demanded() }

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

    /// Exact while the subject is attached to no upstream; once it is, a subscriber takes the
    /// demand path, whose first request asks the upstreams for values after the subscriber is
    /// registered (so a value they send at once, a `CurrentValueSubject`'s, reaches it).
    @usableFromInline
    var isEngineExact: Bool { upstreams.load() == nil }

    /// `PassthroughSubject`.
    public var description: String { "PassthroughSubject" }
}
