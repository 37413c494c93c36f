import Rivulet

/// A subject that holds a current value and sends it to each new subscriber first (Combine's
/// `CurrentValueSubject`, the twin of `BehaviorSubject`).
///
/// ```
/// CurrentValueSubject(0)
/// subject:     --1--2--|
/// subscriber:     ^1-2--|        (subscribed after 1: receives 1 at once)
/// ```
///
/// Setting `value` sends it. After the completion, sends are ignored, setting `value` stores it
/// without sending it (as Combine's), `value` keeps the last value, and a new subscriber receives
/// `Subscriptions.empty` and the completion. Thread-safety as for `BehaviorSubject`, whose engine
/// it uses.
///
/// **Demand, as in Combine.** Each subscriber has its own demand. The current value is delivered
/// once the subscriber asks for a value (inside its first `request(_:)`); a value sent while it
/// has no demand is not dropped but kept as the current value, and the latest one is delivered
/// when demand arrives. The completion reaches every subscriber whatever its demand.
public final class CurrentValueSubject<Output, Failure: Swift.Error>: Subject, EnginePublisher, CustomStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: the engine subject is thread-safe; `initial` is immutable; `upstreams` is
    // atomic.
    @usableFromInline let subject: BehaviorSubject<Output>
    @usableFromInline let initial: Output
    /// The subscriptions of the publishers this subject is attached to (`send(subscription:)`),
    /// made on the first one; they are cancelled when the subject (and so this) is released.
    @usableFromInline let upstreams = AtomicLazyCell<SubjectUpstreams>()

    /// A subject whose current value is `value`.
    public init(_ value: Output) {
        subject = BehaviorSubject(value: value)
        initial = value
    }

    /// The current value; setting it sends the new value to every subscriber. After the
    /// completion, setting it stores the value without sending it, as Combine's does (`send(_:)`
    /// is ignored then).
    public var value: Output {
        // `latestValue` is only cleared by `dispose()`, which this subject never calls.
        get { subject.latestValue ?? initial }
        set {
            if !subject.storeAfterStop(newValue) { send(newValue) }
        }
    }

    /// Sets the current value and sends it to every subscriber; ignored after the completion.
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
    /// `CurrentValueSubject`).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SubjectSubscription.attach(
            DemandSubscriber.erase(subscriber), to: subject, parent: self, name: "CurrentValueSubject",
            keepsLatest: true, quietly: false)
    }

    /// The engine subject behind this one.
    @inlinable
    func engineStream() -> Observable<Output> { subject }

    /// `CurrentValueSubject`.
    public var description: String { "CurrentValueSubject" }
}
