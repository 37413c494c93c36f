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
        // it, one call at a time (`isCalling`).
        private let lock = Lock.make()
        @exclusivity(unchecked) private var subscription: Subscription?
        @exclusivity(unchecked) private var isDone = false
        @exclusivity(unchecked) private var values: ((Input) -> Void)?
        @exclusivity(unchecked) private var completion: ((Subscribers.Completion<Failure>) -> Void)?
        /// A closure is running. A publisher should call one at a time (Combine's rule); the
        /// values and the completion one that breaks it sends meanwhile wait here and are passed
        /// on in order by the thread already calling, so the closures' calls never overlap.
        @exclusivity(unchecked) private var isCalling = false
        @exclusivity(unchecked) private var queued = RingBuffer<Input>()
        @exclusivity(unchecked) private var queuedCompletion: Subscribers.Completion<Failure>?

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
            lock.lock()
            if isDone || queuedCompletion != nil {
                lock.unlock()
                return .none
            }
            if isCalling {
                queued.append(input)
                lock.unlock()
                return .none
            }
            isCalling = true
            let receiveValue = values
            lock.unlock()
            receiveValue?(input)
            callReturned()
            return .none
        }

        /// Passes the first completion to `receiveCompletion`, then releases both closures (a
        /// completion sent from inside `receiveCompletion` is ignored).
        public func receive(completion event: Subscribers.Completion<Failure>) {
            lock.lock()
            if isDone || queuedCompletion != nil { return lock.unlock() }
            if isCalling {
                queuedCompletion = event
                return lock.unlock()
            }
            isCalling = true
            lock.unlock()
            complete(event)
            callReturned()
        }

        /// Marks the sink done and calls `receiveCompletion` (called with `isCalling` set).
        private func complete(_ event: Subscribers.Completion<Failure>) {
            lock.lock()
            isDone = true
            let receiveCompletion = completion.take()
            let released = (values.take(), subscription.take())
            lock.unlock()
            withExtendedLifetime(released) {}
            receiveCompletion?(event)
        }

        /// A call into a closure returned: passes on what waited meanwhile, then frees the turn.
        private func callReturned() {
            while true {
                lock.lock()
                if !isDone, let next = queued.removeFirst() {
                    let receiveValue = values
                    lock.unlock()
                    receiveValue?(next)
                    continue
                }
                if !isDone, let event = queuedCompletion.take() {
                    lock.unlock()
                    complete(event)
                    continue
                }
                isCalling = false
                let dropped = queued.removeAll()
                lock.unlock()
                withExtendedLifetime(dropped) {}
                return
            }
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
