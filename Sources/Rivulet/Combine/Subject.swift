/// A publisher you can send values and a completion into (Combine's `Subject`).
///
/// Thread-safe: `send` may be called from any thread; see `PassthroughSubject`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to every current subscriber.
    func send(_ value: Output)

    /// Ends the subject: every current and later subscriber receives `completion`.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Sends `()`.
    @inlinable
    public func send() { send(()) }
}

extension Publisher {
    /// Feeds `subject` with every value and the completion of this publisher; the returned
    /// `AnyCancellable` ends that (the subject itself stays open if it is cancelled first).
    ///
    /// ```swift
    /// Just(1).subscribe(subject).store(in: &cancellables)
    /// ```
    ///
    /// The subject is held until the completion or `cancel()`.
    @inlinable
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
    where S.Output == Output, S.Failure == Failure {
        sink(
            receiveCompletion: { completion in subject.send(completion: completion) },
            receiveValue: { value in subject.send(value) })
    }
}
