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
