import Rivulet

extension Publisher {
    /// Subscribes closures for the values and the completion; the returned `AnyCancellable`
    /// cancels the subscription when it is cancelled or released.
    ///
    /// ```swift
    /// publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// Demand is unlimited: each value is passed to `receiveValue` as soon as it is produced.
    /// `receiveCompletion` runs at most once. Cancelling, or the completion, releases both
    /// closures. Over a chain of Rivulet publishers this is the Rx dialect's
    /// `subscribe(onNext:onError:onCompleted:)` on the engine stream (without the Rx
    /// current-thread trampoline), so it costs what that costs (one object per subscription);
    /// over any other chain (a publisher written the Combine way upstream) it attaches a
    /// `Subscribers.Sink` through `receive(subscriber:)`, as Combine does.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: consuming @escaping (Output) -> Void
    ) -> AnyCancellable {
        guard let stream = exactEngineStream else {
            return demandPathSink(self, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
        let subscription = stream.engineSubscribe(
            onNext: consume receiveValue,
            onError: sinkFailureHandler(Failure.self, receiveCompletion),
            onCompleted: { receiveCompletion(.finished) })
        return AnyCancellable(disposable: subscription)
    }
}

/// `sink`'s error closure: compiled once, here, not in every module that calls `sink` (it runs
/// at most once per subscription).
@usableFromInline
func sinkFailureHandler<Failure: Error>(
    _: Failure.Type, _ receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
) -> (Swift.Error) -> Void {
    makeSinkFailureHandler(receiveCompletion)
}

// The body of `sinkFailureHandler` (internal, so that cross-module optimisation keeps it here).
func makeSinkFailureHandler<Failure: Error>(
    _ receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
) -> (Swift.Error) -> Void {
    { error in
        if let failure = error as? Failure {
            receiveCompletion(.failure(failure))
        } else {
            // Unreachable through the public API (see `Publisher`, "Typed failures"): end the
            // subscription without a completion.
            reportUnhandledError(error)
        }
    }
}

extension Publisher where Failure == Never {
    /// Subscribes a closure for the values of a publisher that cannot fail.
    ///
    /// ```swift
    /// subject.sink { value in print(value) }.store(in: &cancellables)
    /// ```
    @inlinable
    public func sink(receiveValue: consuming @escaping (Output) -> Void) -> AnyCancellable {
        // `consuming`: the closure moves into the observer (taken `borrowing`, it cost a retain and
        // a release of its context per subscription).
        guard let stream = exactEngineStream else {
            return demandPathSink(self, receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
        return AnyCancellable(
            disposable: stream.engineSubscribe(onNext: consume receiveValue, onError: nil, onCompleted: nil))
    }
}

/// `sink` on the demand path (a chain that is not engine-exact): a `Subscribers.Sink` attached
/// through `receive(subscriber:)`, as in Combine. Not inlinable, so the engine path is all that
/// `sink` puts in the caller's code.
@usableFromInline
func demandPathSink<P: Publisher>(
    _ publisher: P, receiveCompletion: @escaping (Subscribers.Completion<P.Failure>) -> Void,
    receiveValue: @escaping (P.Output) -> Void
) -> AnyCancellable {
    let sink = Subscribers.Sink<P.Output, P.Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    publisher.receive(subscriber: sink)
    return AnyCancellable(sink)
}
