import Rivulet

extension Publishers {
    /// The publisher `autoconnect()` returns: it connects its connectable upstream when the first
    /// subscriber subscribes, and cancels that connection when the last subscriber cancels.
    ///
    /// ```
    /// upstream (connectable):   --1--2--3--4--
    /// subscriber A:             ^--1--2--3-!          (connects on subscribing)
    /// subscriber B:                ^--2--3--4-!       (the last to cancel disconnects)
    /// ```
    ///
    /// As in Combine, only cancelling counts: a subscriber that receives the completion stays
    /// counted, so a later subscriber of a finished upstream receives the completion without a
    /// new connection. After the last cancel, the next subscriber connects again.
    ///
    /// Threading: subscribe and cancel from any thread; `connect()` and the connection's
    /// `cancel()` are called outside the lock.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, EnginePublisher, @unchecked Sendable {
        // @unchecked Sendable: every var is guarded by `lock`; `upstream` is immutable.
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The connectable publisher connected automatically.
        public let upstream: Upstream

        @usableFromInline let lock = Lock.make()
        /// Subscribers that have not cancelled.
        @exclusivity(unchecked) @usableFromInline var count = 0
        /// Counts connections, so a connection that returns after its subscribers left is
        /// cancelled.
        @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 0
        @exclusivity(unchecked) @usableFromInline var connected = false
        @exclusivity(unchecked) @usableFromInline var connection: (any Cancellable)?

        /// Connects `upstream` automatically.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        /// Subscribes `subscriber` to the upstream through an `Autoconnect` subscriber, then
        /// connects if it is the first (see `AutoconnectSubscriber`): its subscription is the
        /// upstream's, wrapped so that its cancel also counts down to the disconnect.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let connect = retain()
            upstream.subscribe(AutoconnectSubscriber(parent: self, downstream: .erase(subscriber)))
            if let connect { store(upstream.connect(), generation: connect) }
        }

        /// Exact when the connectable upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// Subscribes to the upstream (counting the subscriber and telling its cancel from its
        /// completion), then connects if nothing is connected.
        ///
        /// Built from the engine's `deferred` and `do`, so the subscriber's upstream stays an
        /// engine sink (a disposable of its own in front of it would break the engine's settling
        /// of a dispose that races an event).
        @inlinable
        func engineStream() -> Observable<Output> {
            let source = upstream.asObservable()
            return Observable.deferred { [self] in
                let ended = AutoconnectEnding()
                let connect = retain()
                return source.do(
                    onError: { _ in ended.set() },
                    onCompleted: { ended.set() },
                    onSubscribed: { [self] in
                        if let connect { store(upstream.connect(), generation: connect) }
                    },
                    // Runs after the source subscription was disposed (never before
                    // `onSubscribed`): a cancel if the stream had not ended.
                    onDispose: { [self] in
                        if !ended.isSet { release() }
                    })
            }
        }

        /// Counts a subscriber; returns the generation to connect when none is connected.
        @usableFromInline
        func retain() -> UInt64? {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            if connected { return nil }
            connected = true
            generation &+= 1
            return generation
        }

        /// Keeps `newConnection`, or cancels it if its subscribers have all left meanwhile.
        @usableFromInline
        func store(_ newConnection: any Cancellable, generation: UInt64) {
            lock.lock()
            if connected && self.generation == generation {
                connection = newConnection
                lock.unlock()
                return
            }
            lock.unlock()
            newConnection.cancel()
        }

        /// A subscriber cancelled: the last one disconnects.
        @usableFromInline
        func release() {
            lock.lock()
            count -= 1
            if count > 0 {
                lock.unlock()
                return
            }
            connected = false
            generation &+= 1
            let connection = self.connection.take()
            lock.unlock()
            connection?.cancel()
        }
    }
}

/// Whether one subscriber's stream of an `Autoconnect` has ended: set on the event path before
/// the terminal event is passed on, read when the subscription is disposed.
@usableFromInline
final class AutoconnectEnding: Sendable {
    @usableFromInline let flag = AtomicCell<Bool>(false)

    @usableFromInline
    init() {}

    @usableFromInline
    func set() { flag.store(true, ordering: .releasing) }

    @usableFromInline
    var isSet: Bool { flag.load(ordering: .acquiring) }
}

/// The subscriber `autoconnect()` attaches to its connectable upstream on the demand path
/// (Combine's `"Autoconnect"`, with the children `parent` and `downstream`): transparent, it passes
/// every event on, and hands the downstream the upstream's subscription wrapped in an
/// `AutoconnectSubscription`, which has the upstream's name and identifier.
private final class AutoconnectSubscriber<Upstream: ConnectablePublisher>: DemandSubscriber<
    Upstream.Output, Upstream.Failure
>
{
    let parent: Publishers.Autoconnect<Upstream>
    let downstream: DemandSubscriber<Upstream.Output, Upstream.Failure>

    init(parent: Publishers.Autoconnect<Upstream>, downstream: DemandSubscriber<Upstream.Output, Upstream.Failure>) {
        self.parent = parent
        self.downstream = downstream
    }

    override func receive(subscription: Subscription) {
        downstream.receive(subscription: AutoconnectSubscription(subscription, release: parent.release))
    }

    override func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(input) }

    override func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        downstream.receive(completion: completion)
    }

    override var description: String { "Autoconnect" }

    override var customMirror: Mirror {
        Mirror(self, children: [("parent", parent), ("downstream", downstream.reflected)])
    }
}

/// The upstream's subscription as `autoconnect()` hands it on: requests go to it, and so does
/// every cancel; the first cancel also counts one subscriber down (the last one disconnects).
/// Its name and identifier are the upstream subscription's, as in Combine.
final class AutoconnectSubscription: Subscription, CustomStringConvertible, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: `isCancelled` is atomic; the rest is immutable.
    let base: Subscription
    let release: () -> Void
    let isCancelled = AtomicCell<Bool>(false)

    init(_ base: Subscription, release: @escaping () -> Void) {
        self.base = base
        self.release = release
    }

    func request(_ demand: Subscribers.Demand) { base.request(demand) }

    func cancel() {
        base.cancel()
        if !isCancelled.exchange(true, ordering: .acquiringAndReleasing) { release() }
    }

    var combineIdentifier: CombineIdentifier { base.combineIdentifier }

    var description: String { String(describing: base) }

    var playgroundDescription: Any { description }
}
