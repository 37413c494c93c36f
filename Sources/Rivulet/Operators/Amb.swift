extension ObservableType {
    /// Mirrors whichever of `self` and `right` sends its first event (value, error or
    /// completion) first; the other is disposed at that moment.
    ///
    /// ```
    /// self:        ----a--b--|
    /// right:       --x--y----|
    /// amb(right):  --x--y----|
    /// ```
    ///
    /// Threading: the sources may race from different threads; exactly one wins and the result is
    /// delivered serially.
    @inlinable
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Observable.ambStatic([asObservable(), right.asObservable()])
    }

    /// Mirrors whichever observable of `sequence` sends its first event first; the others are
    /// disposed at that moment. An empty sequence never sends anything (as in RxSwift).
    @inlinable
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ambStatic(Array(sequence))
    }

    @inlinable
    static func ambStatic(_ sources: [Observable<Element>]) -> Observable<Element> {
        if sources.isEmpty { return Observable.never() }
        return AnonymousObservable { downstream, subscriber in
            let sink = AmbSink<Element>(downstream, count: sources.count)
            subscriber.setUpstream(sink)
            // Every source is subscribed, in order, even after one has won: a loser's slot is
            // already disposed, so its subscription ends at once (as RxSwift disposes it).
            for (index, source) in sources.enumerated() {
                let slot = sink.slots[index]
                source._subscribe(
                    { event in
                        if slot.won {
                            sink.gate.send(event)
                        } else if sink.claim(index) {
                            slot.won = true
                            sink.gate.send(event)
                        }
                    }, slot)
            }
        }
    }
}

/// One source's subscription slot in `amb`; `won` is only touched on that source's (serial)
/// event path.
@usableFromInline
final class AmbSlot: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `won` is event-path only (serialised by this slot's source).
    @exclusivity(unchecked) @usableFromInline var won = false

    @usableFromInline
    override init() { super.init() }
}

/// The state of one `amb` subscription: which source won (under the lock), and the gate that
/// serialises what goes downstream.
@usableFromInline
final class AmbSink<Element>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `winner` is guarded by SinkBase's `lock`; `gate` has its own lock;
    // `slots` is immutable.
    @usableFromInline let gate: SerialGate<Element>
    @usableFromInline let slots: [AmbSlot]
    @exclusivity(unchecked) @usableFromInline var winner = -1

    @usableFromInline
    init(_ downstream: @escaping (Event<Element>) -> Void, count: Int) {
        gate = SerialGate(downstream)
        var slots: [AmbSlot] = []
        for _ in 0..<count { slots.append(AmbSlot()) }
        self.slots = slots
        super.init()
        gate.owner = self  // disposed right after the gate delivers a stop event
    }

    /// Source `index` sends its first event: returns whether it is (now) the winner. The first
    /// caller wins and disposes the others (after the lock).
    @usableFromInline
    func claim(_ index: Int) -> Bool {
        lock.lock()
        if winner >= 0 {
            let won = winner == index
            lock.unlock()
            return won
        }
        if phase == SinkBase.disposed {
            lock.unlock()
            return false
        }
        winner = index
        lock.unlock()
        for (position, slot) in slots.enumerated() where position != index { slot.dispose() }
        return true
    }

    @usableFromInline
    override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }

    /// No delivery runs any more: the downstream handler goes (a sink that ended without a stop
    /// event does not keep its subscriber).
    @usableFromInline
    override func didSettle() { gate.releaseDownstream() }

    @usableFromInline
    override func didDispose() {
        for slot in slots { slot.dispose() }
    }
}
