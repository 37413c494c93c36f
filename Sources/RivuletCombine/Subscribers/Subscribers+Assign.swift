import Rivulet

extension Subscribers {
    /// A subscriber that writes each value to a property of an object (Combine's
    /// `Subscribers.Assign`, what `assign(to:on:)` is made of there). It holds the object strongly
    /// until the completion or `cancel()`, as Combine does.
    public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
        /// An assignment never fails.
        public typealias Failure = Never

        // @unchecked Sendable: every mutable field is guarded by `lock`; the property is written
        // outside it, one write at a time (`isWriting`).
        private let lock = Lock.make()
        @exclusivity(unchecked) private var subscription: Subscription?
        @exclusivity(unchecked) private var target: Root?
        /// A write is running. A publisher should call one at a time (Combine's rule); the values
        /// one that breaks it sends meanwhile wait here and are written in order by the thread
        /// already writing, so writes never overlap.
        @exclusivity(unchecked) private var isWriting = false
        @exclusivity(unchecked) private var queued = RingBuffer<Input>()

        /// The property written.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        /// The object written to (`nil` once cancelled or completed).
        public var object: Root? { lock.withLock { target } }

        /// A subscriber that writes each value to `object[keyPath: keyPath]`.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            target = object
            self.keyPath = keyPath
        }

        /// Keeps the subscription and requests everything; a second one is cancelled at once.
        public func receive(subscription: Subscription) {
            lock.lock()
            if target == nil || self.subscription != nil {
                lock.unlock()
                return subscription.cancel()
            }
            self.subscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        /// Writes the value to the property (only while subscribed, as Combine does: not before
        /// the subscription, nor after the completion or `cancel()`).
        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard subscription != nil, var object = target else {
                lock.unlock()
                return .none
            }
            if isWriting {
                queued.append(input)
                lock.unlock()
                return .none
            }
            isWriting = true
            lock.unlock()
            var value = input
            while true {
                object[keyPath: keyPath] = value
                lock.lock()
                guard subscription != nil, let next = queued.removeFirst(), let current = target else {
                    isWriting = false
                    let dropped = queued.removeAll()
                    lock.unlock()
                    withExtendedLifetime(dropped) {}
                    return .none
                }
                lock.unlock()
                (value, object) = (next, current)
            }
        }

        /// Releases the object.
        public func receive(completion: Subscribers.Completion<Never>) {
            let released = release().object
            withExtendedLifetime(released) {}
        }

        /// Cancels the subscription and releases the object.
        public func cancel() {
            let (subscription, released) = release()
            subscription?.cancel()
            withExtendedLifetime(released) {}
        }

        private func release() -> (subscription: Subscription?, object: Root?) {
            lock.lock()
            defer { lock.unlock() }
            defer {
                subscription = nil
                target = nil
            }
            return (subscription, target)
        }
    }
}

extension Subscribers.Assign: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// `Assign <Root>.`
    public var description: String { "Assign \(Root.self)." }

    /// A mirror of the object written to (while held), the key path and the status (Combine's
    /// children).
    public var customMirror: Mirror {
        let (object, status) = lock.withLock {
            (target, subscription.map { "subscribed(\($0))" } ?? (target == nil ? "terminal" : "awaiting subscription"))
        }
        return Mirror(self, children: [("object", object as Any), ("keyPath", keyPath), ("status", status)])
    }

    /// `description`.
    public var playgroundDescription: Any { description }
}
