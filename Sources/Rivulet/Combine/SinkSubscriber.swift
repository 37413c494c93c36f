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
///
/// As in Combine, cancelling (or the completion) releases the closures, so a closure that
/// captures the owner of the `AnyCancellable` does not keep a cycle alive after `cancel()`.
@usableFromInline
final class SinkSubscriber<Output, Failure: Swift.Error>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: the closures and `isStopped` are touched only on the event path, which
    // the source serialises, and in `didSettle()`, which runs once no delivery can be running.
    @exclusivity(unchecked) @usableFromInline var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    @exclusivity(unchecked) @usableFromInline var receiveValue: ((Output) -> Void)?

    @inlinable
    init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
        super.init()
        isTerminal = true
    }

    @inlinable
    func on(_ event: Event<Output>) {
        if isStopped { return }
        switch event {
        case .next(let value):
            // A local copy keeps the closure alive if it cancels its own subscription.
            if let receiveValue { receiveValue(value) }
        case .error(let error):
            isStopped = true
            let receiveCompletion = self.receiveCompletion
            if let failure = error as? Failure {
                receiveCompletion?(.failure(failure))
            } else {
                // Unreachable through the public API (see `Publisher`, "The typed-failure
                // invariant"): end the subscription without a completion.
                reportUnhandledError(error)
            }
            dispose()
        case .completed:
            isStopped = true
            let receiveCompletion = self.receiveCompletion
            receiveCompletion?(.finished)
            dispose()
        }
    }

    @usableFromInline
    override func didSettle() {
        receiveValue = nil
        receiveCompletion = nil
    }
}
