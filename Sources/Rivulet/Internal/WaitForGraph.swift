/// Who each parked sender waits for, so that no sender parks on a thread that (through other
/// parked senders) waits for it (two streams whose handlers send into each other).
///
/// A sender parks until the thread that owns emission of a subject or gate has delivered its
/// event. That owner may itself be a sender parked on another stream, whose owner may be parked
/// in turn: an edge per parked thread, from it to the owner it waits for. Before parking, a sender
/// follows the edges from that owner; when they lead back to the sender (it owns a stream that
/// someone on the path waits for), parking would close a cycle in which nobody can go on, so the
/// sender queues its event and returns instead, like a sender that found room in the queue.
///
/// The edges change only on the slow paths: a park (`mayPark`), a wake-up (`woken`, before the
/// parked thread can run) and a hand-off of ownership to a parked sender, which makes the senders
/// still parked on that stream wait for their new owner (`handedOver`; until the new owner is
/// woken, its own edge still leads to the old one, so the path stays whole). All under one lock of its
/// own, taken inside a stream's lock and never the other way round, so a check and the edge it
/// adds are one step for every other sender. An edge left a moment too long (between a wake-up and
/// the woken thread running, never the other way) can only make a sender skip a park it did not
/// need, never park it in a cycle.
///
/// Threads are named by their `key`: `SerialGate`'s form of a thread id (never 0), so a gate's
/// owner word and a subject's owner compare directly.
@usableFromInline
enum WaitForGraph {
    nonisolated(unsafe) private static let lock = Lock.make()
    /// For each parked thread, the owner it waits for (guarded by `lock`).
    nonisolated(unsafe) private static var waitsFor: [UInt: UInt] = [:]
    /// More steps than this along the edges are taken as a cycle (a sender then does not park).
    private static let longestPath = 64

    /// The key of `thread` (the same as `SerialGate`'s owner word without the `slow` bit).
    @usableFromInline
    static func key(_ thread: ThreadID) -> UInt { (thread.raw &<< 1) | 2 }

    /// Records that `sender` parks until `owner` has delivered its event, unless `owner` waits,
    /// through parked senders, for `sender`: then it records nothing and returns `false` (the
    /// sender must not park).
    static func mayPark(_ sender: UInt, waitingFor owner: UInt) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var next = owner
        var steps = 0
        while next != sender {
            guard let further = waitsFor[next] else {
                waitsFor[sender] = owner
                return true
            }
            steps += 1
            if steps > longestPath { return false }
            next = further
        }
        return false
    }

    /// `thread` was woken: it waits for nobody now.
    static func woken(_ thread: UInt) {
        lock.lock()
        waitsFor[thread] = nil
        lock.unlock()
    }

    /// Ownership of a stream passes to the parked sender `successor`: the senders still parked on
    /// it (`remaining`) wait for `successor` from now on. `successor` keeps its own edge (to the
    /// owner, which may deliver a batch before it wakes it) until it is woken.
    static func handedOver(to successor: UInt, remaining: [Parker]) {
        if remaining.isEmpty { return }
        lock.lock()
        for parker in remaining { waitsFor[parker.key] = successor }
        lock.unlock()
    }

    /// Forgets the edges of `threads` (the interleaving checker's simulated threads, between two
    /// schedules: a schedule it abandons may leave one behind).
    static func forgetForTesting(_ threads: [UInt]) {
        lock.lock()
        for thread in threads { waitsFor[thread] = nil }
        lock.unlock()
    }

    /// The owner `thread` is recorded to wait for, if any (the interleaving checker's description
    /// of a deadlock, and its check that no simulated thread is left recorded).
    static func waitsForForTesting(_ thread: UInt) -> UInt? { lock.withLock { waitsFor[thread] } }

    /// How many parked threads are recorded (tests: 0 once every sender has returned).
    static var parkedCountForTesting: Int { lock.withLock { waitsFor.count } }
}
