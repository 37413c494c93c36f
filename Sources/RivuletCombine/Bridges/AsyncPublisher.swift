import Rivulet

extension Publisher where Failure == Never, Output: Sendable {
    /// The publisher's values as an `AsyncSequence` (Combine's `values`).
    ///
    /// ```swift
    /// for await height in keyboard.heights.values { print(height) }
    /// ```
    ///
    /// As Combine's: each `next()` requests one value (so a `PassthroughSubject` drops what it is
    /// sent while no `next()` waits), several tasks may await `next()` at once, and finishing,
    /// cancelling the task or cancelling the subscription makes every waiting `next()` return
    /// `nil`. Releasing the iterator (leaving the loop) cancels the subscription.
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher where Output: Sendable {
    /// The publisher's values as an `AsyncSequence` whose loop throws the failure (Combine's
    /// `values`): one request per `next()`, as `AsyncPublisher`; a failure is thrown by the
    /// oldest waiting `next()`, or by the next one if none waits.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// The `AsyncSequence` of a publisher that cannot fail; the subscription is made by
/// `makeAsyncIterator()`, one per iterator.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence
where Upstream.Failure == Never, Upstream.Output: Sendable {
    /// The publisher's output.
    public typealias Element = Upstream.Output

    /// Iterates one subscription; its copies share it (and may be awaited from several tasks).
    public struct Iterator: AsyncIteratorProtocol {
        let values: DemandedValues<Element, Never>
        let lifetime: IterationLifetime

        /// Requests one value and waits for it; `nil` once the publisher finished, the task or the
        /// subscription was cancelled.
        public mutating func next() async -> Element? {
            try? await values.next()
        }
    }

    /// The publisher iterated.
    public let publisher: Upstream

    /// Wraps `publisher`.
    public init(_ publisher: Upstream) { self.publisher = publisher }

    /// Subscribes and returns the iterator of that subscription.
    public func makeAsyncIterator() -> Iterator {
        let values = DemandedValues<Element, Never>()
        publisher.subscribe(values)
        return Iterator(values: values, lifetime: IterationLifetime(values))
    }
}

/// The `AsyncSequence` of a publisher that can fail: the loop throws the failure.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence where Upstream.Output: Sendable {
    /// The publisher's output.
    public typealias Element = Upstream.Output

    /// Iterates one subscription; its copies share it (and may be awaited from several tasks).
    public struct Iterator: AsyncIteratorProtocol {
        let values: DemandedValues<Element, Upstream.Failure>
        let lifetime: IterationLifetime

        /// Requests one value and waits for it; `nil` once the publisher finished, the task or the
        /// subscription was cancelled; throws the publisher's failure.
        public mutating func next() async throws -> Element? {
            try await values.next()
        }
    }

    /// The publisher iterated.
    public let publisher: Upstream

    /// Wraps `publisher`.
    public init(_ publisher: Upstream) { self.publisher = publisher }

    /// Subscribes and returns the iterator of that subscription.
    public func makeAsyncIterator() -> Iterator {
        let values = DemandedValues<Element, Upstream.Failure>()
        publisher.subscribe(values)
        return Iterator(values: values, lifetime: IterationLifetime(values))
    }
}
