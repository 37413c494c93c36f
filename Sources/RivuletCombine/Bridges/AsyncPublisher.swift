import Rivulet

extension Publisher where Failure == Never, Output: Sendable {
    /// The publisher's values as an `AsyncSequence` (Combine's `values`). Same subscription,
    /// cancellation and unbounded buffer policy as `Observable.values`.
    ///
    /// ```swift
    /// for await height in keyboard.heights.values { print(height) }
    /// ```
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher where Output: Sendable {
    /// The publisher's values as an `AsyncSequence` whose loop throws the failure (Combine's
    /// `values`). Same cancellation and unbounded buffer policy as `Observable.values`.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// The `AsyncSequence` of a publisher that cannot fail; the subscription is made when iteration
/// starts (`makeAsyncIterator()`), one per iterator.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence
where Upstream.Failure == Never, Upstream.Output: Sendable {
    /// The publisher's output.
    public typealias Element = Upstream.Output

    /// Iterates one subscription.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var base: AsyncStream<Element>.Iterator

        /// The next value, or `nil` once the publisher finished or the task was cancelled.
        public mutating func next() async -> Element? {
            await base.next()
        }
    }

    /// The publisher iterated.
    public let publisher: Upstream

    /// Wraps `publisher`.
    public init(_ publisher: Upstream) { self.publisher = publisher }

    /// Subscribes and returns the iterator of that subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: makeStream(publisher.asObservable()).makeAsyncIterator())
    }
}

/// The `AsyncSequence` of a publisher that can fail: the loop throws the failure.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence where Upstream.Output: Sendable {
    /// The publisher's output.
    public typealias Element = Upstream.Output

    /// Iterates one subscription.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var base: AsyncThrowingStream<Element, Swift.Error>.Iterator

        /// The next value, or `nil` once the publisher finished or the task was cancelled;
        /// throws the publisher's failure.
        public mutating func next() async throws -> Element? {
            try await base.next()
        }
    }

    /// The publisher iterated.
    public let publisher: Upstream

    /// Wraps `publisher`.
    public init(_ publisher: Upstream) { self.publisher = publisher }

    /// Subscribes and returns the iterator of that subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: makeThrowingStream(publisher.asObservable(), throwsOnCancel: false).makeAsyncIterator())
    }
}
