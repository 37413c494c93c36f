import Rivulet

extension Publisher {
    /// A connectable publisher that sends the upstream's events through one subject, made by
    /// `createSubject` when it is first needed (Combine's `multicast(_:)`).
    ///
    /// Subscribers subscribe to the subject; `connect()` subscribes the subject to the upstream.
    /// A `CurrentValueSubject` replays its current value to each new subscriber.
    @inlinable
    public func multicast<SubjectType: Subject>(
        _ createSubject: @escaping () -> SubjectType
    ) -> Publishers.Multicast<Self, SubjectType> where SubjectType.Output == Output, SubjectType.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// A connectable publisher that sends the upstream's events through `subject` (Combine's
    /// `multicast(subject:)`).
    ///
    /// ```
    /// upstream:     --1--2--3--|
    /// connect():       ^                 (subscribes the upstream)
    /// subscriber:   ^-----2--3--|        (attached before, sees what follows the connection)
    /// ```
    @inlinable
    public func multicast<SubjectType: Subject>(
        subject: SubjectType
    ) -> Publishers.Multicast<Self, SubjectType> where SubjectType.Output == Output, SubjectType.Failure == Failure {
        Publishers.Multicast(upstream: self) { subject }
    }

    /// A connectable publisher that shares one subscription to this publisher, made when
    /// `connect()` is called (Combine's `makeConnectable()`: a `multicast` through a
    /// `PassthroughSubject`).
    ///
    /// ```swift
    /// let connectable = subject.makeConnectable()
    /// let a = connectable.sink { print($0) }
    /// let connection = connectable.connect()
    /// ```
    @inlinable
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}

extension Publishers {
    /// The connectable publisher `multicast` returns. A class, as in Combine: every copy shares
    /// the one subject.
    ///
    /// The subject is created once, when the first subscriber or `connect()` needs it. Each
    /// `connect()` subscribes the subject to the upstream; once the upstream has completed, the
    /// subject has too, and later subscribers receive only the completion.
    ///
    /// Demand: each subscriber's subscription (`"Multicast"`) passes its demand to its own
    /// subscription on the subject (a `PassthroughSubject` drops a value for a subscriber that has
    /// not asked for one); the subject asks the upstream for `.unlimited`.
    ///
    /// Threading: subscribe, cancel and connect from any thread; delivery follows the subject's
    /// rules.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher, EnginePublisher,
        @unchecked Sendable
    where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
        // @unchecked Sendable: `subject` is guarded by `lock`; the lets are immutable (and the
        // subject itself is thread-safe).
        /// The subject's output.
        public typealias Output = Upstream.Output
        /// The subject's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher the subject is connected to.
        public let upstream: Upstream
        /// Makes the subject (called once).
        public let createSubject: () -> SubjectType

        @usableFromInline let lock = Lock.make()
        @exclusivity(unchecked) @usableFromInline var subject: SubjectType?

        /// A connectable publisher that sends `upstream`'s events through `createSubject()`.
        @inlinable
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        /// The subject, made on first use (outside the lock: `createSubject` is user code; of two
        /// racing first uses, one subject wins).
        @usableFromInline
        var lazySubject: SubjectType {
            if let subject = lock.withLock({ self.subject }) { return subject }
            let made = createSubject()
            return lock.withLock {
                if let subject = self.subject { return subject }
                self.subject = made
                return made
            }
        }

        /// Subscribes `subscriber` to the subject through a `Multicast` subscription of its own
        /// (see `MulticastSubscription`): its demand goes to the subject's subscription.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.subscribe(MulticastSubscription(downstream: .erase(subscriber)))
        }

        /// Exact when the subject is (Rivulet's subjects are).
        @inlinable
        var isEngineExact: Bool { lazySubject.isExactOnEngine }

        /// The subject: subscribers receive what it is sent.
        @inlinable
        func engineStream() -> Observable<Output> {
            lazySubject.asObservable()
        }

        /// Subscribes the subject to the upstream; cancel the result to end that subscription.
        ///
        /// As in Combine, the upstream is subscribed with the subject as its subscriber
        /// (`upstream.subscribe(subject)`: the subject is handed the subscription and requests
        /// `.unlimited`); when both are Rivulet's the engine connects them directly, with the same
        /// events.
        @inlinable
        public func connect() -> any Cancellable {
            let subject = lazySubject
            guard upstream.isExactOnEngine, subject.isExactOnEngine else { return connectOnTheDemandPath(subject) }
            let subscription = upstream.asObservable().subscribe(
                onNext: { subject.send($0) },
                onError: { error in
                    if let failure = error as? Failure {
                        subject.send(completion: .failure(failure))
                    } else {
                        reportUnhandledError(error)
                    }
                },
                onCompleted: { subject.send(completion: .finished) })
            return _CombineConnection(subscription)
        }

        /// `connect()` as Combine does it: the subject is attached to the upstream as its
        /// subscriber (`"Subject"`), and the connection cancels that subscription.
        @usableFromInline
        func connectOnTheDemandPath(_ subject: SubjectType) -> any Cancellable {
            let subscriber = SubjectSubscriber(subject)
            upstream.subscribe(subscriber)
            return _SubscriptionConnection(subscription: subscriber)
        }
    }

    /// The connectable publisher `makeConnectable()` returns: a `Multicast` through a
    /// `PassthroughSubject`.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        @usableFromInline let inner: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        /// A connectable publisher sharing one subscription to `upstream`.
        @inlinable
        public init(upstream: Upstream) {
            inner = Multicast(upstream: upstream) { PassthroughSubject() }
        }

        /// Subscribes `subscriber` to the shared subject (see `Publishers.Multicast`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.subscribe(subscriber)
        }

        /// Exact: the shared subject is Rivulet's.
        @inlinable
        var isEngineExact: Bool { inner.isExactOnEngine }

        /// The shared subject.
        @inlinable
        func engineStream() -> Observable<Output> { inner.asObservable() }

        /// Subscribes the shared subject to the upstream.
        @inlinable
        public func connect() -> any Cancellable { inner.connect() }
    }
}

/// The connection `Multicast.connect()` returns on the demand path: cancelling it cancels the
/// subject's subscription to the upstream; releasing it does not (as `_CombineConnection`).
struct _SubscriptionConnection: Cancellable {
    let subscription: any Subscription

    func cancel() { subscription.cancel() }
}

/// The subscription `multicast` hands each subscriber on the demand path (Combine's `"Multicast"`):
/// the subscriber of the subject, passing its events on, and the subscriber's subscription,
/// passing requests and the cancel to the subject's subscription (once). Strict: what the subject
/// sends before its subscription and after the end is ignored.
final class MulticastSubscription<Output, Failure: Swift.Error>:
    OperatorSubscription<Output, Failure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`.
    override func receive(_ input: Output) -> Subscribers.Demand {
        guard isLive else { return .none }
        // As Combine's: the demand the subscriber returns goes to the subject as a request.
        return requestingSeparately(downstream.receive(input))
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        finishFromUpstream(completion)
    }

    override var description: String { "Multicast" }

    /// No children, as Combine's.
    override var customMirror: Mirror { Mirror(self, children: []) }
}
