/// A publisher that sends one value, then finishes (the twin of `Observable.just`).
///
/// ```
/// Just(1):  (1|)
/// ```
public struct Just<Output>: Publisher {
    /// A `Just` cannot fail.
    public typealias Failure = Never

    /// The value the publisher sends.
    public let output: Output

    /// A publisher that sends `output`, then finishes.
    @inlinable
    public init(_ output: Output) { self.output = output }

    /// `Observable.just(output)`.
    @inlinable
    public func asObservable() -> Observable<Output> { Observable.just(output) }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}
