extension Publisher {
    /// Subscribes closures for the values and the completion; the returned `AnyCancellable`
    /// cancels the subscription when it is cancelled or released.
    ///
    /// Demand is unlimited: each value is passed to `receiveValue` as soon as it is produced.
    /// `receiveCompletion` runs at most once, and never after `cancel()` has returned.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let observer = SinkSubscriber<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        asObservable()._subscribe({ event in observer.on(event) }, observer)
        return AnyCancellable(disposable: observer)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes a closure for the values of a publisher that cannot fail.
    ///
    /// ```swift
    /// subject.sink { value in print(value) }.store(in: &cancellables)
    /// ```
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// The subscriber behind `sink`: turns engine events into typed completions.
@usableFromInline
final class SinkSubscriber<Output, Failure: Swift.Error>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the closures are immutable; `isStopped` is event-path only (serialised
    // by the source).
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    @usableFromInline let receiveValue: (Output) -> Void
    @exclusivity(unchecked) @usableFromInline var isStopped = false

    @inlinable
    init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }

    @inlinable
    func on(_ event: Event<Output>) {
        if isStopped { return }
        switch event {
        case .next(let value):
            receiveValue(value)
        case .error(let error):
            isStopped = true
            if let failure = error as? Failure {
                receiveCompletion(.failure(failure))
            } else {
                // Unreachable through the public API (see `Publisher`, "The typed-failure
                // invariant"): end the subscription without a completion.
                reportUnhandledError(error)
            }
            dispose()
        case .completed:
            isStopped = true
            receiveCompletion(.finished)
            dispose()
        }
    }
}
