import Rivulet

extension Subscribers {
    /// A subscriber made of a value closure and a completion closure that requests everything
    /// (Combine's `Subscribers.Sink`, what `sink` is made of there): attach it with `subscribe(_:)`
    /// and keep it, or an `AnyCancellable` of it, to cancel.
    ///
    /// ```swift
    /// let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// publisher.subscribe(sink)
    /// ```
    ///
    /// Cancelling, or the completion, releases the closures. Threading: `cancel()` may be called
    /// from any thread.
    public final class Sink<Input, Failure: Swift.Error>: Subscriber, Cancellable, @unchecked Sendable {
        // @unchecked Sendable: every mutable field is guarded by `lock`; the closures run outside
        // it (the publisher calls the subscriber one call at a time).
        private let lock = Lock.make()
        private var subscription: Subscription?
        private var isDone = false
        private var values: ((Input) -> Void)?
        private var completion: ((Subscribers.Completion<Failure>) -> Void)?

        /// The closure that receives each value (`nil` once cancelled or completed).
        public var receiveValue: ((Input) -> Void)? { lock.withLock { values } }
        /// The closure that receives the completion (`nil` once cancelled or completed).
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? { lock.withLock { completion } }

        /// A subscriber that passes values to `receiveValue` and the completion to
        /// `receiveCompletion`.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            values = receiveValue
            completion = receiveCompletion
        }

        /// Keeps the subscription (to cancel it later) and requests everything; a second
        /// subscription, or one after the completion or `cancel()`, is cancelled at once.
        public func receive(subscription: Subscription) {
            lock.lock()
            if isDone || self.subscription != nil {
                lock.unlock()
                return subscription.cancel()
            }
            self.subscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        /// Passes the value to `receiveValue` (also before the subscription, as Combine does;
        /// not after the completion or `cancel()`); asks for nothing more (it has everything).
        public func receive(_ input: Input) -> Subscribers.Demand {
            let receiveValue = lock.withLock { isDone ? nil : values }
            receiveValue?(input)
            return .none
        }

        /// Passes the first completion to `receiveCompletion`, then releases both closures (a
        /// completion sent from inside `receiveCompletion` is ignored).
        public func receive(completion event: Subscribers.Completion<Failure>) {
            lock.lock()
            if isDone { return lock.unlock() }
            isDone = true
            let receiveCompletion = completion.take()
            let released = (values.take(), subscription.take())
            lock.unlock()
            withExtendedLifetime(released) {}
            receiveCompletion?(event)
        }

        /// Cancels the subscription and releases both closures; nothing more is received. Before
        /// any subscription has arrived it does nothing (Combine keeps the closures then).
        public func cancel() {
            lock.lock()
            guard !isDone, let subscription = self.subscription.take() else { return lock.unlock() }
            isDone = true
            let released = (values.take(), completion.take())
            lock.unlock()
            subscription.cancel()
            withExtendedLifetime(released) {}
        }
    }
}

extension Subscribers.Sink: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// `Sink`.
    public var description: String { "Sink" }

    /// A mirror with no children (the closures are not shown).
    public var customMirror: Mirror { Mirror(self, children: []) }

    /// `description`.
    public var playgroundDescription: Any { description }
}
