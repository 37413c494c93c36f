import Rivulet

/// A publisher that eventually sends one value and finishes, or fails (Combine's `Future`).
///
/// The closure runs once, at once, when the future is created; it is handed a `promise` to call
/// with the result. Every subscriber, early or late, receives that result. Calls of `promise`
/// after the first are ignored.
///
/// ```swift
/// let future = Future<Int, Never> { promise in promise(.success(42)) }
/// ```
///
/// Built on a one-element `ReplaySubject`.
public final class Future<Output, Failure: Swift.Error>: Publisher, EnginePublisher, @unchecked Sendable {
    // @unchecked Sendable: the only state is the engine subject, which is thread-safe.

    /// The closure a future's work receives to report its result.
    public typealias Promise = (Result<Output, Failure>) -> Void

    @usableFromInline let subject = ReplaySubject<Output>.create(bufferSize: 1)

    /// Runs `attemptToFulfill` now, handing it the promise that completes the future.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        let subject = self.subject
        attemptToFulfill { result in
            switch result {
            case .success(let value):
                subject.on(.next(value))
                subject.on(.completed)
            case .failure(let failure):
                subject.on(.error(failure))
            }
        }
    }

    /// Attaches `subscriber` through the engine stream (see `Publisher`).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        attachThroughEngine(subscriber)
    }

    /// The replaying engine subject behind this future.
    @inlinable
    func engineStream() -> Observable<Output> { subject }
}
