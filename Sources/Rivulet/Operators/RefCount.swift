extension ConnectableObservableType {
    /// An observable that connects the connectable observable when its first subscriber
    /// subscribes and disconnects it when its last subscriber is disposed.
    ///
    /// ```
    /// source:               --1--2--3--4--|
    /// publish().refCount(): subscriber A ^-1--2--3-!         (A is disposed after 3)
    ///                       subscriber B       ^2--3--4--|
    /// ```
    ///
    /// The source's terminal event ends the connection: the next subscriber connects again.
    ///
    /// Threading: subscribers may come and go on any thread; connecting and disconnecting happen
    /// outside the lock that counts them.
    @inlinable
    public func refCount() -> Observable<Element> {
        let state = RefCountState(self)
        return AnonymousObservable { downstream, subscriber in
            state.subscribe(downstream, subscriber)
        }
    }
}

/// The reference count and the connection behind one `refCount()` observable.
@usableFromInline
final class RefCountState<Source: ConnectableObservableType>: @unchecked Sendable {
    // @unchecked Sendable: every var, and `RefCountSink.generation`, is guarded by `lock`, which
    // is held only for field reads and writes.
    @usableFromInline typealias Element = Source.Element

    @usableFromInline let lock = Lock.make()
    @usableFromInline let source: Source
    @usableFromInline let observable: Observable<Element>
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// Counts the connections; a subscriber counted in an earlier one no longer touches `count`.
    @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 0
    /// The current connection once `connect()` has returned (`nil` while it is being made).
    @exclusivity(unchecked) @usableFromInline var connection: Disposable?
    /// Set when the last subscriber left, or the source terminated, while `connect()` ran: the
    /// connection is disposed as soon as it is known.
    @exclusivity(unchecked) @usableFromInline var abandoned = false

    @inlinable
    init(_ source: Source) {
        self.source = source
        observable = source.asObservable()
    }

    /// Subscribes to the connectable observable first (as RxSwift does), then counts the
    /// subscriber and connects if it is the first.
    @inlinable
    func subscribe(_ downstream: @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        let sink = RefCountSink(downstream, self)
        subscriber.setUpstream(sink)
        observable._subscribe({ event in sink.on(event) }, sink)
        let connect = lock.withLock { () -> UInt64? in
            if sink.isDisposed { return nil }
            sink.generation = generation
            count += 1
            if count > 1 { return nil }
            abandoned = false
            return generation
        }
        guard let id = connect else { return }
        let made = source.connect()
        let stale = lock.withLock { () -> Bool in
            if id != generation || abandoned { return true }
            connection = made
            return false
        }
        if stale { made.dispose() }
    }

    /// Ends connection `id`, unless it has already been replaced: the count restarts at zero.
    @usableFromInline
    func disconnect(_ id: UInt64) {
        let ending = lock.withLock { () -> Disposable? in
            guard id == generation else { return nil }
            return endConnection()
        }
        ending?.dispose()
    }

    /// A subscriber of connection `id` left: the last one disconnects.
    @usableFromInline
    func release(_ id: UInt64) {
        let ending = lock.withLock { () -> Disposable? in
            guard id == generation else { return nil }
            count -= 1
            if count > 0 { return nil }
            return endConnection()
        }
        ending?.dispose()
    }

    /// Under `lock`: starts a new generation and returns the connection to dispose (or marks the
    /// one being made as abandoned).
    @usableFromInline
    func endConnection() -> Disposable? {
        count = 0
        generation &+= 1
        if let connection {
            self.connection = nil
            return connection
        }
        abandoned = true
        return nil
    }
}

/// One subscriber of a `refCount()` observable: forwards the shared subject's events and gives
/// its count back when it ends.
@usableFromInline
final class RefCountSink<Source: ConnectableObservableType>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `isStopped` is event-path only (serialised by the subject);
    // `generation` is guarded by the state's lock.
    @usableFromInline typealias Element = Source.Element

    @usableFromInline let downstream: (Event<Element>) -> Void
    @usableFromInline let state: RefCountState<Source>
    @exclusivity(unchecked) @usableFromInline var generation: UInt64?

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void, _ state: RefCountState<Source>) {
        self.downstream = downstream
        self.state = state
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if isStopped { return }
        if case .next = event {
            downstream(event)
            return
        }
        isStopped = true
        // As RxSwift: a terminal event ends the connection it belongs to before it is passed on.
        if let id = state.lock.withLock({ generation }) { state.disconnect(id) }
        downstream(event)
        dispose()
    }

    @usableFromInline
    override func didDispose() {
        if let id = state.lock.withLock({ generation.take() }) { state.release(id) }
    }
}
