import Rivulet

/// A publisher that fails at once with `error` (the twin of `Observable.error(_:)`).
///
/// ```
/// Fail(error: e):  #
/// ```
public struct Fail<Output, Failure: Swift.Error>: Publisher, EnginePublisher {
    /// The failure the publisher ends with.
    public let error: Failure

    /// A publisher that fails at once with `error`.
    @inlinable
    public init(error: Failure) { self.error = error }

    /// The same, naming the output type.
    @inlinable
    public init(outputType: Output.Type, failure: Failure) { self.error = failure }

    /// Hands `subscriber` `Subscriptions.empty`, then the failure.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receiveEmpty(completion: .failure(error))
    }

    /// `Observable.error(error)`.
    @inlinable
    func engineStream() -> Observable<Output> { Observable.error(error) }
}

extension Fail: Equatable where Failure: Equatable {}
extension Fail: Sendable where Failure: Sendable {}
