import Rivulet

/// A publisher that sends one value, then finishes (the twin of `Observable.just`).
///
/// ```
/// Just(1):  (1|)
/// ```
public struct Just<Output>: Publisher, EnginePublisher {
    /// A `Just` cannot fail.
    public typealias Failure = Never

    /// The value the publisher sends.
    public let output: Output

    /// A publisher that sends `output`, then finishes.
    @inlinable
    public init(_ output: Output) { self.output = output }

    /// Hands `subscriber` a `Just` subscription: the first request delivers the value and
    /// `.finished`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        OneValueSubscription.attach(.erase(subscriber), value: output, name: "Just")
    }

    /// `Observable.just(output)`.
    @inlinable
    func engineStream() -> Observable<Output> { Observable.just(output) }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}
