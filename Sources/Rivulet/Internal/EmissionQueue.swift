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
@usableFromInline
struct EmissionQueue<Element> {
    /// How many events from other threads may wait before their senders park.
    @inlinable
    static var capacity: Int { 32 }

    /// A queued event and whether the owner sent it from inside one of its deliveries.
    @usableFromInline
    struct Entry {
        @usableFromInline let event: Event<Element>
        @usableFromInline let fromOwner: Bool

        @inlinable
        init(event: Event<Element>, fromOwner: Bool) {
            self.event = event
            self.fromOwner = fromOwner
        }
    }

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

    @usableFromInline var entries = RingBuffer<Entry>()
    @usableFromInline var parked = RingBuffer<Parker>()
    /// Queued entries sent by other threads (parked senders' included).
    @usableFromInline var fromOthers = 0
    /// Queued entries the owner sent from inside its deliveries.
    @usableFromInline var fromOwner = 0
    /// The owner has used up its turn: the next sender parks, to take over.
    @usableFromInline var handOffWanted = false
    /// Entries accepted so far (a parked sender's entry is number `sequence`).
    @usableFromInline var accepted: UInt64 = 0
    /// Entries taken for delivery (or dropped) so far.
    @usableFromInline var taken: UInt64 = 0
    /// The entry number of the current owner's own event (0: it was delivered before the turn).
    @usableFromInline var turnOwnEntry: UInt64 = 0
    /// Other threads' events the current owner has delivered in its turn.
    @usableFromInline var turnDelivered = 0

    @inlinable
    init() {}

    /// Whether no event waits.
    @inlinable
    var isEmpty: Bool { entries.isEmpty }

    /// Accepts `event`, sent while another thread delivers (or, `fromOwner`, by the owner from
    /// inside a delivery). Returns a parker when the sender must wait for delivery: park it after
    /// unlocking. `mayPark: false` (a caller that holds a lock of its own) never parks.
    @inlinable
    mutating func offer(_ event: Event<Element>, fromOwner: Bool, mayPark: Bool = true) -> Parker? {
        accepted &+= 1
        entries.append(Entry(event: event, fromOwner: fromOwner))
        if fromOwner {
            self.fromOwner += 1
            return nil
        }
        fromOthers += 1
        if !mayPark || (fromOthers <= Self.capacity && parked.isEmpty && !handOffWanted) { return nil }
        let parker = Parker(sequence: accepted)
        parked.append(parker)
        return parker
    }

    /// The owner's next step, after its own event and after each delivery. Parkers whose events
    /// have been delivered are moved to `released`: wake them (`.released`) after unlocking.
    @inlinable
    mutating func next(releasing released: inout ContiguousArray<Parker>) -> Step {
        while let first = parked.first, first.sequence <= taken {
            released.append(first)
            _ = parked.removeFirst()
        }
        guard let entry = entries.first else {
            endTurn()
            return .done
        }
        if taken >= turnOwnEntry && turnDelivered >= Self.capacity && fromOwner == 0 {
            if let successor = parked.removeFirst() {
                endTurn()
                turnOwnEntry = successor.sequence
                return .handOff(successor)
            }
            handOffWanted = true
        }
        _ = entries.removeFirst()
        taken &+= 1
        if entry.fromOwner {
            fromOwner -= 1
        } else {
            fromOthers -= 1
            turnDelivered += 1
        }
        return .deliver(entry.event)
    }

    /// Drops every waiting event (a stop, a disposal) and releases every parked sender; returns
    /// the dropped events, for the caller to release after unlocking.
    @inlinable
    mutating func removeAll(releasing released: inout ContiguousArray<Parker>) -> [Entry] {
        let dropped = entries.removeAll()
        while let parker = parked.removeFirst() { released.append(parker) }
        fromOthers = 0
        fromOwner = 0
        taken = accepted
        handOffWanted = false
        return dropped
    }

    /// The current owner's turn is over.
    @inlinable
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
