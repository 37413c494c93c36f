/// A type-erased publisher: hides the operator types of a chain behind `Output` and `Failure`.
///
/// ```swift
/// var values: AnyPublisher<Int, Never> { subject.map { $0 * 2 }.eraseToAnyPublisher() }
/// ```
///
/// Erasing costs nothing per event: it holds the engine observable of the chain.
public struct AnyPublisher<Output, Failure: Swift.Error>: Publisher {
    @usableFromInline let observable: Observable<Output>

    /// Wraps an engine observable whose errors are `Failure` values (the typed-failure invariant).
    @inlinable
    init(unchecked observable: Observable<Output>) {
        self.observable = observable
    }

    /// Erases `publisher`.
    @inlinable
    public init<Upstream: Publisher>(_ publisher: Upstream)
    where Upstream.Output == Output, Upstream.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else {
            observable = publisher.asObservable()
        }
    }

    /// The engine stream this publisher stands for.
    @inlinable
    public func asObservable() -> Observable<Output> { observable }
}

extension Publisher {
    /// Wraps this publisher in an `AnyPublisher`, hiding its operator types.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}
