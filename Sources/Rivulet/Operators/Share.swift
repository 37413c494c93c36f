/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope: Sendable {
    /// A fresh subject (and a fresh subscription to the source) for each connection: after the
    /// number of subscribers dropped to zero, or after the source terminated, the next
    /// subscriber reconnects and sees no old values.
    case whileConnected
    /// One subject for the life of the shared observable: its replay buffer survives
    /// reconnections, and once the source has terminated every later subscriber receives the
    /// replayed values and the stop event, without resubscribing to the source.
    case forever
}

extension ObservableType {
    /// Shares one subscription to `self` among all subscribers, replaying the last `replay`
    /// values to each new one.
    ///
    /// ```
    /// source:            --1--2--3--4--
    /// share(replay: 1):  subscriber A ^-1--2--3--4--
    ///                    subscriber B       ^2-3--4--   (joins after 2: receives 2 at once)
    /// ```
    ///
    /// The first subscriber connects to the source; the source's subscription is disposed when
    /// the last subscriber is disposed (reference counting). See `SubjectLifetimeScope` for what
    /// happens after that or after the source terminates. A negative `replay` counts as 0 and is reported to
    /// `Hooks.misuseHandler`.
    ///
    /// Threading: subscribers may come and go on any thread; delivery follows the subject rules
    /// (serial per subscriber, breadth-first across subscribers).
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        if replay < 0 { Hooks.reportMisuse("share(replay: \(replay))", "replay is negative; replaying nothing") }
        let state = ShareState(source: asObservable(), replay: Swift.max(0, replay), scope: scope)
        return OperatorObservable(state) { state, downstream, subscriber in
            state.subscribe(downstream, subscriber)
        }
    }
}

/// The reference-counted connection behind one `share(replay:scope:)` observable.
///
/// Only what runs per event is specialised where `share` is used: the subscriber's forwarding
/// closure and the connection's closure into the subject (both made in the inlinable
/// `subscribe`). Choosing the subject, counting subscribers, connecting and disconnecting are
/// compiled once, here.
@usableFromInline
final class ShareState<Element>: @unchecked Sendable {
    // @unchecked Sendable: every var, and `ShareSink.generation`/`released`, is guarded by
    // `lock`, which is held only for field reads and writes.
    let lock = Lock.make()
    @usableFromInline let source: Observable<Element>
    let replay: Int
    let scope: SubjectLifetimeScope

    @exclusivity(unchecked) var subject: SubjectCore<Element>?
    @exclusivity(unchecked) var connection: SinkBase?
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var generation: UInt64 = 0
    @exclusivity(unchecked) var terminated = false

    @usableFromInline
    init(source: Observable<Element>, replay: Int, scope: SubjectLifetimeScope) {
        self.source = source
        self.replay = replay
        self.scope = scope
        if case .forever = scope { subject = makeSubject() }
    }

    func makeSubject() -> SubjectCore<Element> {
        SubjectCore(mode: replay == 0 ? .none : .buffer(replay))
    }

    /// Subscribes to the current subject first (which may replay, or even terminate the
    /// subscriber at once), then counts the subscriber and connects if it is the first.
    @inlinable
    func subscribe(_ downstream: @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        let sink = ShareSink(downstream, self)
        subscriber.setUpstream(sink)
        let subject = currentSubject()
        subject.subscribe({ event in sink.forward(event) }, sink)
        guard let (connection, id) = connect(sink, subject) else { return }
        source._subscribe(
            { [self] event in
                if case .next = event {
                    subject.send(event)
                    return
                }
                sourceTerminated(event, id, subject)
            }, connection)
    }

    /// The subject new subscribers join (a new one after the last connection ended, for
    /// `.whileConnected`).
    @usableFromInline
    func currentSubject() -> SubjectCore<Element> {
        lock.withLock { () -> SubjectCore<Element> in
            if let subject = self.subject { return subject }
            let subject = makeSubject()
            self.subject = subject
            return subject
        }
    }

    /// Counts `sink` as a subscriber of `subject`; returns the subscription slot and generation
    /// of a new connection to the source when it is the first.
    @usableFromInline
    func connect(_ sink: ShareSink<Element>, _ subject: SubjectCore<Element>) -> (SinkBase, UInt64)? {
        lock.withLock { () -> (SinkBase, UInt64)? in
            if sink.released || terminated || self.subject !== subject { return nil }
            count += 1
            if connection != nil {
                sink.generation = generation
                return nil
            }
            generation &+= 1
            let connection = SinkBase()
            self.connection = connection
            sink.generation = generation
            return (connection, generation)
        }
    }

    /// The source terminated: the connection ends before the subject passes the stop event on,
    /// so a subscriber that subscribes again from its handler starts a new connection
    /// (`.whileConnected`) or gets the replay and the stop event (`.forever`).
    @usableFromInline
    func sourceTerminated(_ event: Event<Element>, _ id: UInt64, _ subject: SubjectCore<Element>) {
        let ended = lock.withLock { () -> SinkBase? in
            guard id == generation, let connection else { return nil }
            self.connection = nil
            count = 0
            switch scope {
            case .whileConnected: self.subject = nil
            case .forever: terminated = true
            }
            return connection
        }
        ended?.dispose()
        subject.send(event)
    }

    /// A subscriber was disposed: the last one disconnects from the source.
    func release(_ sink: ShareSink<Element>) {
        let disconnect = lock.withLock { () -> SinkBase? in
            sink.released = true
            guard let sinkGeneration = sink.generation, sinkGeneration == generation, connection != nil else {
                return nil
            }
            count -= 1
            guard count == 0 else { return nil }
            defer { connection = nil }
            if case .whileConnected = scope { subject = nil }
            return connection
        }
        disconnect?.dispose()
    }
}

/// One subscriber of a shared observable: forwards the subject's events and releases its
/// reference on the connection when disposed.
@usableFromInline
final class ShareSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `generation` and `released` are guarded by the ShareState's lock.
    @usableFromInline let state: ShareState<Element>
    @exclusivity(unchecked) var generation: UInt64?
    @exclusivity(unchecked) var released = false

    /// Compiled once, here (once per subscriber; the fields' initialisers are not inlinable).
    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, _ state: ShareState<Element>) {
        self.state = state
        super.init(downstream)
    }

    @usableFromInline
    override func didDispose() {
        state.release(self)
    }
}
