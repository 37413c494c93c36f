extension ObservableType where Element: Sendable {
    /// The observable's values as an `AsyncSequence`; an `.error` is thrown from the loop.
    ///
    /// ```swift
    /// for try await value in observable.values { print(value) }
    /// ```
    ///
    /// Elements must be `Sendable`: they cross from the producing thread to the consuming task.
    /// Subscribes when `values` is read. Cancelling the task that iterates disposes the
    /// subscription at once and the loop throws `CancellationError`, as in RxSwift (so does a
    /// subscription that ends without a terminal event); releasing the stream, which a loop over
    /// `observable.values` does when it exits early, disposes it too. (A stream kept in a variable
    /// stays subscribed until it is released.)
    ///
    /// **Buffer policy: unbounded.** Values produced faster than the loop consumes them are kept
    /// in order, none dropped or duplicated, until the loop takes them; memory grows with the
    /// backlog. Bound it upstream (`take`, `throttle`, ...) if the producer can outrun the consumer
    /// indefinitely.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        makeThrowingStream(asObservable(), throwsOnCancel: true)
    }
}

/// Subscribes to `source`, feeding an unbounded stream; the stream's termination (loop exit, task
/// cancellation) disposes the subscription. With `throwsOnCancel` (RxSwift's `values`), a
/// subscription that ends without a terminal event (the task was cancelled) finishes the stream
/// with `CancellationError`: the stream calls its termination handler before it ends a waiting
/// loop, so the loop throws it. Without it (Combine's `values`), the loop just ends.
package func makeThrowingStream<Element: Sendable>(
    _ source: Observable<Element>, throwsOnCancel: Bool
) -> AsyncThrowingStream<Element, Swift.Error> {
    AsyncThrowingStream(Element.self, bufferingPolicy: .unbounded) { continuation in
        let subscription = SingleAssignmentDisposable()
        continuation.onTermination = { _ in subscription.dispose() }
        subscription.setDisposable(
            source.subscribe(
                onNext: { value in continuation.yield(value) },
                onError: { error in continuation.finish(throwing: error) },
                onCompleted: { continuation.finish() },
                // After a terminal event the stream is finished and this does nothing.
                onDisposed: throwsOnCancel ? { continuation.finish(throwing: CancellationError()) } : nil))
    }
}

/// The non-throwing form of `makeThrowingStream`, for sources that cannot fail (an error, which
/// the typed-failure invariant rules out, just ends the stream).
package func makeStream<Element: Sendable>(_ source: Observable<Element>) -> AsyncStream<Element> {
    AsyncStream(Element.self, bufferingPolicy: .unbounded) { continuation in
        let subscription = SingleAssignmentDisposable()
        continuation.onTermination = { _ in subscription.dispose() }
        subscription.setDisposable(
            source.subscribe { event in
                switch event {
                case .next(let value): continuation.yield(value)
                case .error, .completed: continuation.finish()
                }
            })
    }
}
