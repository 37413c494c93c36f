import Rivulet

/// A publisher that creates a new publisher for each subscriber (the twin of
/// `Observable.deferred`).
///
/// ```swift
/// Deferred { Just(Date()) }   // each subscriber gets the time it subscribed
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher, EnginePublisher {
    /// The output of the created publishers.
    public typealias Output = DeferredPublisher.Output
    /// The failure of the created publishers.
    public typealias Failure = DeferredPublisher.Failure

    /// Creates the publisher for one subscriber.
    public let createPublisher: () -> DeferredPublisher

    /// A publisher that calls `createPublisher` for each subscriber.
    @inlinable
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    /// Creates the publisher and attaches `subscriber` to it (its own `receive(subscriber:)`).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().receive(subscriber: subscriber)
    }

    /// Exact when the created publishers are Rivulet's (their type is known before one is
    /// created; an `AnyPublisher` erasing a publisher written the Combine way is reached through
    /// `asObservable()`, which asks it for everything).
    @inlinable
    var isEngineExact: Bool { DeferredPublisher.self is any EnginePublisher.Type }

    /// `Observable.deferred { createPublisher().asObservable() }`.
    @inlinable
    func engineStream() -> Observable<Output> {
        let create = createPublisher
        return Observable.deferred { create().asObservable() }
    }
}
