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
///
/// **Attached to a publisher** (`publisher.subscribe(subject)`), the subject requests
/// `.unlimited` from it once one of its own subscribers has asked for a value (at once if one
/// already has), as Combine's does: until then the publisher sends nothing, so
/// `CurrentValueSubject(1).subscribe(passthrough)` keeps `1` for the first subscriber that asks.
public final class PassthroughSubject<Output, Failure: Swift.Error>: Subject, EnginePublisher, CustomStringConvertible,
    DownstreamDemandListener, @unchecked Sendable
{
    // @unchecked Sendable: the engine subject is thread-safe; `upstreams` and `downstreamAsked`
    // are atomic.
    @usableFromInline let subject = PublishSubject<Output>()
    /// The subscriptions of the publishers this subject is attached to (`send(subscription:)`),
    /// made on the first one; they are cancelled when the subject (and so this) is released.
    @usableFromInline let upstreams = AtomicLazyCell<SubjectUpstreams>()
    /// 1 once a subscriber of this subject has asked for a value: from then on the subject
    /// requests `.unlimited` from its upstreams (0 before).
    let downstreamAsked = AtomicCell<Int>(0)

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
    /// (`publisher.subscribe(subject)`) and requests everything from it once a subscriber of this
    /// subject has asked for a value (at once if one already has), as Combine does. The subject
    /// cancels the subscription when it is released.
    public func send(subscription: Subscription) {
        let kept = SubjectUpstreams.keep(subscription, in: upstreams)
        // A read-modify-write, not a load: it is ordered with `noteDownstreamAsked()`'s exchange,
        // so either this sees the flag or that one sees the subscription kept above.
        if downstreamAsked.add(0, ordering: .acquiringAndReleasing).oldValue != 0 { return kept.requestPending() }
        guard kept.startWatching() else { return }
        // Nobody has asked yet. A subscriber on the demand path says so when it requests (see
        // `downstreamDidAsk()`); one on the engine path (`sink`, `assign`, `asObservable()`) takes
        // every value, and the engine subject says when one subscribes (or has).
        let watching = subject.whenSubscribed { [weak self] in self?.noteDownstreamAsked() }
        if !watching { noteDownstreamAsked() }
    }

    /// A subscriber of this subject on the demand path has asked for a value: the first time,
    /// requests everything from the upstreams kept so far (later ones are requested as they
    /// come).
    func downstreamDidAsk() {
        if downstreamAsked.load(ordering: .relaxed) == 0 { noteDownstreamAsked() }
    }

    private func noteDownstreamAsked() {
        if downstreamAsked.exchange(1, ordering: .acquiringAndReleasing) != 0 { return }
        upstreams.load()?.requestPending()
    }

    /// Attaches `subscriber` with a subscription that keeps its demand (Combine's rules: see
    /// `PassthroughSubject`).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SubjectSubscription.attach(
            DemandSubscriber.erase(subscriber), to: subject, parent: self, name: "PassthroughSubject",
            keepsLatest: false, quietly: true)
    }

    /// The engine subject behind this one.
    @inlinable
    func engineStream() -> Observable<Output> { subject }

    /// `PassthroughSubject`.
    public var description: String { "PassthroughSubject" }
}
