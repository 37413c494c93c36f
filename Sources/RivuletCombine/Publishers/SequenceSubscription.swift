import Rivulet

/// The subscription of `Publishers.Sequence` and `Record` on the demand path: it sends the
/// elements as they are requested, then the completion (at once after the last element, whatever
/// the demand).
///
/// As Combine's: the sequence is iterated once per subscription, starting when it is subscribed
/// (the first element is taken then; an empty sequence gives `Subscriptions.empty` and the
/// completion at once); a request made from inside `receive(_:)` adds demand that the loop already
/// running serves (no recursion), and so does a request from another thread; a cancel stops the
/// loop (an element being delivered on another thread arrives, none after). The sequence's
/// iterator runs outside the lock, on the delivering thread only. The subscription is named after
/// the sequence while it runs (`String(describing:)`), `"Sequence"` after the end (`Record`'s:
/// after its recorded output, and `"Cancelled Events"`).
final class SequenceSubscription<Elements: Sequence, Failure: Swift.Error>: Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: `downstream`, `demand`, `isDraining` and `isDone` are guarded by
    // `lock`; `iterator` and `next` are touched only by the thread that set `isDraining` (and by
    // the mirror, a debugging aid).
    private let lock = Lock.make()
    @exclusivity(unchecked) private var downstream: DemandSubscriber<Elements.Element, Failure>?
    private let sequence: Elements
    @exclusivity(unchecked) private var iterator: Elements.Iterator
    /// The element to send next.
    @exclusivity(unchecked) private var next: Elements.Element
    private let completion: Subscribers.Completion<Failure>
    private let isRecord: Bool
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var isDraining = false
    @exclusivity(unchecked) private var isDone = false

    private init(
        _ downstream: DemandSubscriber<Elements.Element, Failure>, sequence: Elements, iterator: Elements.Iterator,
        first: Elements.Element, completion: Subscribers.Completion<Failure>, isRecord: Bool
    ) {
        self.downstream = downstream
        self.sequence = sequence
        self.iterator = iterator
        next = first
        self.completion = completion
        self.isRecord = isRecord
    }

    /// Hands `subscriber` a subscription to `sequence`'s elements and then `completion`
    /// (`isRecord`: `Record`'s names).
    static func attach(
        _ subscriber: DemandSubscriber<Elements.Element, Failure>, to sequence: Elements,
        completion: Subscribers.Completion<Failure> = .finished, isRecord: Bool = false
    ) {
        var iterator = sequence.makeIterator()
        guard let first = iterator.next() else { return subscriber.receiveEmpty(completion: completion) }
        subscriber.receive(
            subscription: SequenceSubscription(
                subscriber, sequence: sequence, iterator: iterator, first: first, completion: completion,
                isRecord: isRecord))
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        if isDone || more == .none { return lock.unlock() }
        demand += more
        if isDraining { return lock.unlock() }
        isDraining = true
        while !isDone, demand > .none, let downstream {
            demand -= 1
            lock.unlock()
            let added = downstream.receive(next)
            lock.lock()
            if isDone { break }
            demand += added
            lock.unlock()
            let following = iterator.next()
            lock.lock()
            if let following {
                next = following
                continue
            }
            if isDone { break }
            isDone = true
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: completion)
            lock.lock()
        }
        isDraining = false
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        isDone = true
        let released = downstream.take()
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    var description: String {
        lock.lock()
        defer { lock.unlock() }
        if isDone { return isRecord ? "Cancelled Events" : "Sequence" }
        return String(describing: sequence)
    }

    /// The sequence (Combine's mirror: an empty array once the subscription has ended); for
    /// `Record`, the output not sent yet and the completion.
    var customMirror: Mirror {
        guard isRecord else {
            let isDone = lock.withLock { self.isDone }
            return Mirror(self, children: [("sequence", isDone ? [Elements.Element]() as Any : sequence as Any)])
        }
        lock.lock()
        var remaining: [Elements.Element] = []
        if !isDone {
            remaining.append(next)
            var rest = iterator
            while let element = rest.next() { remaining.append(element) }
        }
        lock.unlock()
        return Mirror(self, children: [(label: "sequence", value: remaining as Any), ("completion", completion)])
    }

    /// `description`.
    var playgroundDescription: Any { description }
}
