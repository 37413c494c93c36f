import Dispatch

/// A sender parked by an `EmissionQueue` because too many events were already waiting: it waits
/// until the thread that owns emission has delivered its event, or hands it ownership.
///
/// What it waits for is always the owner finishing its *current* event (a handler call). A
/// sender never parks on an owner that waits, through parked senders of other streams, for it
/// (`WaitForGraph`), so a parked sender can only wait for user code that itself waits for the
/// parked thread (docs/DESIGN.md, "Known limits").
///
/// The wait spins for up to 20 µs (a hand-off between two busy senders usually comes within a
/// few microseconds) and then sleeps on a semaphore.
@usableFromInline
final class Parker: @unchecked Sendable {
    // @unchecked Sendable: `outcome` is atomic; the semaphore is thread-safe; the rest is immutable.

    /// What the parked sender is told when it wakes.
    @usableFromInline
    enum Outcome: UInt8 {
        /// Still parked.
        case waiting = 0
        /// Its event was delivered (or dropped by a stop or a disposal): return.
        case released = 1
        /// It owns emission now: deliver what is queued.
        case owner = 2
    }

    /// The parked thread (the owner-to-be after a hand-off).
    @usableFromInline let thread: ThreadID
    /// The position of the parked sender's event in its queue's acceptance order.
    @usableFromInline let sequence: UInt64
    private let outcome = AtomicCell<UInt8>(Outcome.waiting.rawValue)
    private let semaphore = DispatchSemaphore(value: 0)

    /// A parker for `thread` (the calling thread; the interleaving checker names simulated ones).
    @usableFromInline
    init(sequence: UInt64, thread: ThreadID = .current) {
        self.thread = thread
        self.sequence = sequence
    }

    /// The parked thread's key in the `WaitForGraph`.
    var key: UInt { WaitForGraph.key(thread) }

    /// How long a parked sender spins before it sleeps: about the time an owner takes for its
    /// turn when the subscriber is quick (its own event and `EmissionQueue.capacity` others), so
    /// two busy senders hand over without a sleep and a wake-up (several microseconds each).
    @usableFromInline static var spinNanoseconds: UInt64 { 20_000 }

    /// Blocks the calling (parked) thread until `wake(_:)`; returns what it was told.
    @usableFromInline
    func park() -> Outcome {
        var deadline: UInt64 = 0
        var round = 0
        while true {
            if let woken = Outcome(rawValue: outcome.load(ordering: .acquiring)), woken != .waiting {
                return woken
            }
            round &+= 1
            if round & 63 != 0 { continue }
            let now = DispatchTime.now().uptimeNanoseconds
            if deadline == 0 {
                deadline = now &+ Self.spinNanoseconds
            } else if now >= deadline {
                break
            }
        }
        semaphore.wait()
        return Outcome(rawValue: outcome.load(ordering: .acquiring)) ?? .released
    }

    /// What `wake(_:)` has stored so far (`.waiting` before): the interleaving checker reads it
    /// instead of blocking in `park()`.
    var outcomeForTesting: Outcome { Outcome(rawValue: outcome.load(ordering: .acquiring)) ?? .released }

    #if DEBUG
        /// Debug builds only, 0 unless a test sets it: how many of the next wake-ups are skipped (a
        /// deliberately lost wake-up, which the torture target and the interleaving checker must
        /// notice: docs/DESIGN.md, "How the protocol is checked").
        static let wakeUpsToSkipForTesting = AtomicCell<Int>(0)

        /// Debug builds only: `EmissionControl.capacity`, 32 (the release builds' constant) unless a
        /// protocol checker lowers it for a run to reach parking in a few steps.
        static let capacityForTesting = AtomicCell<Int>(32)

        /// The wake-ups skipped so far, for `deliverSkippedWakeUpsForTesting()`.
        static let skippedWakeUpsForTesting = SkippedWakeUps()

        /// The wake-ups a test made `wake(_:)` skip, kept to be delivered late.
        final class SkippedWakeUps: @unchecked Sendable {
            // @unchecked Sendable: `kept` is guarded by `lock`.
            private let lock = Lock()
            private var kept: [(Parker, UInt8)] = []

            func append(_ wakeUp: (Parker, UInt8)) { lock.withLock { kept.append(wakeUp) } }

            func takeAll() -> [(Parker, UInt8)] {
                lock.withLock {
                    defer { kept.removeAll() }
                    return kept
                }
            }
        }

        /// Takes one skipped wake-up from `wakeUpsToSkipForTesting` and keeps it; `false` when
        /// none is wanted.
        static func skipsWakeUpForTesting(_ parker: Parker, _ woken: Outcome) -> Bool {
            var left = wakeUpsToSkipForTesting.load(ordering: .relaxed)
            while left > 0 {
                let (exchanged, found) = wakeUpsToSkipForTesting.compareExchange(
                    expected: left, desired: left - 1, ordering: .relaxed)
                if exchanged {
                    skippedWakeUpsForTesting.append((parker, woken.rawValue))
                    return true
                }
                left = found
            }
            return false
        }

        /// Delivers the wake-ups skipped so far, late: a test that has seen the hang a skipped
        /// wake-up causes lets its threads finish.
        static func deliverSkippedWakeUpsForTesting() {
            let skipped = skippedWakeUpsForTesting.takeAll()
            for (parker, woken) in skipped { parker.wake(Outcome(rawValue: woken) ?? .released) }
        }
    #endif

    /// Wakes the parked thread with `outcome` (called once, never under a lock).
    @usableFromInline
    func wake(_ woken: Outcome) {
        #if DEBUG
            if Self.skipsWakeUpForTesting(self, woken) { return }
        #endif
        // Before the parked thread can run again (and perhaps park elsewhere).
        WaitForGraph.woken(key)
        outcome.store(woken.rawValue, ordering: .releasing)
        semaphore.signal()
    }
}
