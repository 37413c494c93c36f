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
/// after the completion receives the completion at once. Thread-safety and reentrancy as for
/// `PublishSubject`, whose engine it uses (`asObservable()` returns that subject).
public final class PassthroughSubject<Output, Failure: Swift.Error>: Subject, EnginePublisher, CustomStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: the only state is the engine subject, which is thread-safe.
    @usableFromInline let subject = PublishSubject<Output>()

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
    /// (`publisher.subscribe(subject)`): the subject takes every value it is sent.
    public func send(subscription: Subscription) { subscription.request(.unlimited) }

    /// Attaches `subscriber` through the engine stream (see `Publisher`).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        attachThroughEngine(subscriber)
    }

    /// The engine subject behind this one.
    @inlinable
    func engineStream() -> Observable<Output> { subject }

    /// `PassthroughSubject`.
    public var description: String { "PassthroughSubject" }
}
