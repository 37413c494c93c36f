import Rivulet

/// A publisher that sends no value and either finishes at once or never ends (the twin of
/// `Observable.empty()` and `Observable.never()`).
///
/// ```
/// Empty():                          |
/// Empty(completeImmediately: false): ---------
/// ```
public struct Empty<Output, Failure: Swift.Error>: Publisher, EnginePublisher, Equatable, Sendable {
    /// Whether the publisher finishes as soon as it is subscribed.
    public let completeImmediately: Bool

    /// A publisher that finishes at once, or never when `completeImmediately` is `false`.
    @inlinable
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

    /// The same, naming the output and failure types.
    @inlinable
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    /// Hands `subscriber` `Subscriptions.empty`, then `.finished` if `completeImmediately`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receiveEmpty(completion: completeImmediately ? .finished : nil)
    }

    /// `Observable.empty()` or `Observable.never()`.
    @inlinable
    func engineStream() -> Observable<Output> {
        completeImmediately ? Observable.empty() : Observable.never()
    }
}
