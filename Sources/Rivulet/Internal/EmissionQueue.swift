/// The hand-off between the thread that owns emission of a subject or a gate and the threads that
/// send while it delivers (docs/DESIGN.md, "Concurrent senders"): the events waiting for delivery,
/// the senders parked because too many were waiting, and the owner's turn.
///
/// - A sender that finds another thread delivering queues its event and returns, while fewer
///   than `capacity` events from other threads wait and nobody is parked; otherwise it queues
///   its event and parks (`Parker`).
/// - The owner delivers its own event, then queued ones. Once its own event is out, it has
///   delivered `capacity` events of other threads and none of its own reentrant sends wait, it
///   hands ownership to the first parked sender and returns; with nobody parked it asks the next
///   sender to park (`handOffWanted`) and goes on, so its turn ends after at most `2 * capacity`
///   other events plus one per parked sender.
/// - Reentrant sends (from inside the owner's own deliveries) are queued without limit: they are
///   the owner's own work, delivered breadth-first, and a thread cannot wait for itself.
///
/// So at most `capacity` events plus one per parked sender wait, whatever the event rate, and no
/// sender's call is kept busy delivering other threads' events for long.
///
/// A plain value stepped under its owner's lock: it decides and returns what the caller does after
/// unlocking (deliver, park, hand over, finish), and never calls out.
///
/// In two parts: the events (`events`, generic), and the protocol that decides (`control`, an
/// `EmissionControl`: not generic, compiled once, here). Where a subject is sent to, only the
/// queueing and dequeueing of an event is specialised.
@usableFromInline
struct EmissionQueue<Element>: ~Copyable {
    /// How many events from other threads may wait before their senders park.
    @inlinable
    static var capacity: Int { EmissionControl.capacity }

    /// What the owner does next.
    @usableFromInline
    enum Step {
        /// Deliver this event, then ask again.
        case deliver(Event<Element>)
        /// Give ownership to this parked sender and return.
        case handOff(Parker)
        /// Nothing waits: give up ownership.
        case done
    }

    /// The events waiting, in acceptance order (`control` knows who sent each).
    @usableFromInline var events = EventRing<Element>()
    @usableFromInline var control = EmissionControl()

    @inlinable
    init() {}

    /// Whether no event waits.
    @inlinable
    var isEmpty: Bool { events.isEmpty }

    /// Accepts `event`, sent while another thread delivers (or, `fromOwner`, by the owner from
    /// inside a delivery). Returns a parker when the sender must wait for delivery: park it after
    /// unlocking. `mayPark: false` (a caller that holds a lock of its own) never parks. `owner` is
    /// the owning thread's `WaitForGraph.key`; `sender`, the sending thread (the calling one when
    /// `nil`; the interleaving checker names simulated ones).
    @inlinable
    mutating func offer(
        _ event: Event<Element>, fromOwner: Bool, mayPark: Bool = true, owner: UInt, sender: ThreadID? = nil
    ) -> Parker? {
        events.append(event)
        return control.offer(fromOwner: fromOwner, mayPark: mayPark, owner: owner, sender: sender)
    }

    /// The owner's next step, after its own event and after each delivery. Parkers whose events
    /// have been delivered are moved to `released`: wake them (`.released`) after unlocking.
    @inlinable
    mutating func next(releasing released: inout ContiguousArray<Parker>) -> Step {
        switch control.next(releasing: &released) {
        case .deliver:
            // `control` says an entry waits, so there is an event.
            return .deliver(events.removeFirst())
        case .handOff(let successor):
            return .handOff(successor)
        case .done:
            return .done
        }
    }

    /// The owner's next step, taking a batch: `.deliver` moves the first waiting events (up to
    /// `capacity`) into the empty `batch`, stopping where ownership passes to a parked sender
    /// (`successor`, to be handed ownership after the batch). Compiled once, here.
    @usableFromInline
    mutating func takeBatch(
        into batch: inout EventRing<Element>, successor: inout Parker?,
        releasing released: inout ContiguousArray<Parker>
    ) -> EmissionControl.Step {
        let (step, taken) = control.takeBatch(
            limit: EmissionControl.capacity, successor: &successor, releasing: &released)
        if taken > 0 { events.moveFirst(taken, into: &batch) }
        return step
    }

    /// Ownership passes now to `successor`, which `takeBatch` named while the owner still had a
    /// batch to deliver: the senders that parked during that batch wait for `successor` from now on.
    @usableFromInline
    mutating func handOver(to successor: Parker) {
        control.handOver(to: successor)
    }

    /// Drops every waiting event (a stop, a disposal) and releases every parked sender; returns
    /// the dropped events, for the caller to release after unlocking. Compiled once, here.
    @usableFromInline
    mutating func removeAll(releasing released: inout ContiguousArray<Parker>) -> [Event<Element>] {
        control.removeAll(releasing: &released)
        return events.takeAll()
    }

    /// The current owner's turn is over.
    @inlinable
    mutating func endTurn() {
        control.endTurn()
    }
}

/// The events of an `EmissionQueue`: a `ValueRing`, whose appending and removing are a few
/// instructions and no reference counting (no copy-on-write check, unlike an array), specialised
/// where a subject is sent to; growing and emptying are compiled once.
@usableFromInline
typealias EventRing<Element> = ValueRing<Event<Element>>

/// The decisions of an `EmissionQueue`, without its events: who sent each waiting entry, the
/// parked senders, and the owner's turn. Not generic; its methods are compiled once, here.
@usableFromInline
struct EmissionControl {
    #if DEBUG
        /// How many events from other threads may wait before their senders park: in debug builds
        /// `capacityForTesting`, which the protocol checkers lower to reach parking in a few steps.
        @usableFromInline static var capacity: Int { Parker.capacityForTesting.load(ordering: .relaxed) }
    #else
        /// How many events from other threads may wait before their senders park.
        @usableFromInline static let capacity = 32
    #endif

    /// What the owner does next (`.deliver`: the first waiting event).
    @usableFromInline
    enum Step {
        case deliver
        case handOff(Parker)
        case done
    }

    /// For each waiting entry, whether the owner sent it from inside one of its deliveries.
    var entriesFromOwner = RingBuffer<Bool>()
    var parked = RingBuffer<Parker>()
    /// Queued entries sent by other threads (parked senders' included).
    var fromOthers = 0
    /// Queued entries the owner sent from inside its deliveries.
    var fromOwner = 0
    /// The owner has used up its turn: the next sender parks, to take over.
    var handOffWanted = false
    /// Entries accepted so far (a parked sender's entry is number `sequence`).
    var accepted: UInt64 = 0
    /// Entries taken for delivery (or dropped) so far.
    var taken: UInt64 = 0
    /// The entry number of the current owner's own event (0: it was delivered before the turn).
    var turnOwnEntry: UInt64 = 0
    /// Other threads' events the current owner has delivered in its turn.
    var turnDelivered = 0

    @usableFromInline
    init() {}

    /// Records an accepted entry (see `EmissionQueue.offer`). A sender that would park on an
    /// owner waiting (through other parked senders) for it does not: `WaitForGraph`.
    @usableFromInline
    mutating func offer(fromOwner: Bool, mayPark: Bool, owner: UInt, sender: ThreadID?) -> Parker? {
        accepted &+= 1
        entriesFromOwner.append(fromOwner)
        if fromOwner {
            self.fromOwner += 1
            return nil
        }
        fromOthers += 1
        if !mayPark || (fromOthers <= Self.capacity && parked.isEmpty && !handOffWanted) { return nil }
        let thread = sender ?? .current
        if !WaitForGraph.mayPark(WaitForGraph.key(thread), waitingFor: owner) {
            #if DEBUG
                Self.noteQueuedWithoutParking(fromOthers)
            #endif
            return nil
        }
        let parker = Parker(sequence: accepted, thread: thread)
        parked.append(parker)
        return parker
    }

    #if DEBUG
        /// Debug builds only: the most entries of other threads seen waiting in one queue after a
        /// sender skipped a park that would have closed a wait cycle (tests of that bound).
        static let mostWaitingAfterSkippedParkForTesting = AtomicCell<Int>(0)

        static func noteQueuedWithoutParking(_ waiting: Int) {
            var seen = mostWaitingAfterSkippedParkForTesting.load(ordering: .relaxed)
            while waiting > seen {
                let (exchanged, found) = mostWaitingAfterSkippedParkForTesting.compareExchange(
                    expected: seen, desired: waiting, ordering: .relaxed)
                if exchanged { return }
                seen = found
            }
        }
    #endif

    /// The owner's next step (see `EmissionQueue.next`); `.deliver` takes the first entry.
    @usableFromInline
    mutating func next(releasing released: inout ContiguousArray<Parker>) -> Step {
        while let first = parked.first, first.sequence <= taken {
            released.append(first)
            _ = parked.removeFirst()
        }
        guard let entryFromOwner = entriesFromOwner.first else {
            endTurn()
            return .done
        }
        if taken >= turnOwnEntry && turnDelivered >= Self.capacity && fromOwner == 0 {
            if let successor = parked.removeFirst() {
                endTurn()
                turnOwnEntry = successor.sequence
                WaitForGraph.handedOver(to: successor.key, remaining: parked.elements)
                return .handOff(successor)
            }
            handOffWanted = true
        }
        _ = entriesFromOwner.removeFirst()
        taken &+= 1
        if entryFromOwner {
            fromOwner -= 1
        } else {
            fromOthers -= 1
            turnDelivered += 1
        }
        return .deliver
    }

    /// The owner's next step, taking up to `limit` entries at once: `(.deliver, n)` takes the
    /// first `n` entries; where ownership passes to a parked sender after some of them, that
    /// sender is put in `successor` (the owner hands over once it has delivered them).
    @usableFromInline
    mutating func takeBatch(limit: Int, successor: inout Parker?, releasing released: inout ContiguousArray<Parker>)
        -> (Step, Int)
    {
        let first = next(releasing: &released)
        guard case .deliver = first else { return (first, 0) }
        var taken = 1
        while taken < limit && !entriesFromOwner.isEmpty {
            switch next(releasing: &released) {
            case .deliver:
                taken += 1
            case .handOff(let parker):
                successor = parker
                return (.deliver, taken)
            case .done:
                return (.deliver, taken)
            }
        }
        return (.deliver, taken)
    }

    /// Ownership passes now to `successor`, named (and taken out of `parked`) when a batch was
    /// taken. The senders parked then were told to wait for it (`next`), but those that parked
    /// while the old owner delivered that batch recorded an edge to the old owner, which is about
    /// to return: left so, such a sender would look to `WaitForGraph` as if it waited for a thread
    /// that waits for nobody, and the new owner could park on it (if it owns a stream the new
    /// owner sends into) while it waits for the new owner: both would wait for ever.
    @usableFromInline
    mutating func handOver(to successor: Parker) {
        WaitForGraph.handedOver(to: successor.key, remaining: parked.elements)
    }

    /// Forgets every waiting entry and releases every parked sender.
    @usableFromInline
    mutating func removeAll(releasing released: inout ContiguousArray<Parker>) {
        _ = entriesFromOwner.removeAll()
        while let parker = parked.removeFirst() { released.append(parker) }
        fromOthers = 0
        fromOwner = 0
        taken = accepted
        handOffWanted = false
    }

    /// The current owner's turn is over.
    @usableFromInline
    mutating func endTurn() {
        handOffWanted = false
        turnOwnEntry = 0
        turnDelivered = 0
    }
}

extension ContiguousArray where Element == Parker {
    /// Wakes every released parker (their events were delivered or dropped) and empties the array.
    @inlinable
    mutating func wakeReleased() {
        if isEmpty { return }
        for parker in self { parker.wake(.released) }
        removeAll(keepingCapacity: true)
    }
}
