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
/// Setting `value` sends it. After the completion, sends are ignored, `value` keeps the last
/// value, and a new subscriber receives only the completion. Thread-safety as for
/// `BehaviorSubject`, whose engine it uses.
public final class CurrentValueSubject<Output, Failure: Swift.Error>: Subject, EnginePublisher, CustomStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: the only state is the engine subject, which is thread-safe; `initial`
    // is immutable.
    @usableFromInline let subject: BehaviorSubject<Output>
    @usableFromInline let initial: Output

    /// A subject whose current value is `value`.
    @inlinable
    public init(_ value: Output) {
        subject = BehaviorSubject(value: value)
        initial = value
    }

    /// The current value; setting it sends the new value to every subscriber.
    public var value: Output {
        // `latestValue` is only cleared by `dispose()`, which this subject never calls.
        get { subject.latestValue ?? initial }
        set { send(newValue) }
    }

    /// Sets the current value and sends it to every subscriber; ignored after the completion.
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

    /// `CurrentValueSubject`.
    public var description: String { "CurrentValueSubject" }
}
