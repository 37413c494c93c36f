#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who may call into a subscriber right now, for a demand-path subscription that produces from
/// more than one thread (a subject's, a `Future`'s, `flatMap`'s): a value type kept in the
/// subscription and stepped under its lock.
///
/// Whoever finds work to do (a value accepted against the demand, a completion) takes the turn,
/// delivers with the lock released, and goes round again until nothing is deliverable; a thread
/// that finds the turn taken leaves its work queued for the holder. So calls into one subscriber
/// never overlap, nothing waits, and a `request(_:)` made from inside a call just adds demand
/// that the holder's loop then serves (no recursion).
///
/// The hand-off (`receive(subscription:)`) is the one call during which the subscriber may be
/// served *inside* its own `request(_:)`, as Combine does (a `CurrentValueSubject` delivers its
/// value before `receive(subscription:)` returns): while it runs, only the handing thread may take
/// the turn, and what other threads bring waits until the hand-off is over.
struct DeliveryTurn {
    private var isDelivering = false
    private var handOffThread: pthread_t?

    /// Marks the start of the hand-off on the calling thread.
    mutating func beginHandOff() { handOffThread = pthread_self() }

    /// Marks its end; the caller then delivers what waits (`take()` and its loop).
    mutating func endHandOff() { handOffThread = nil }

    /// Takes the turn if nobody delivers and no other thread is handing off; returns whether the
    /// caller now delivers.
    mutating func take() -> Bool {
        if isDelivering { return false }
        if let handOffThread, pthread_equal(handOffThread, pthread_self()) == 0 { return false }
        isDelivering = true
        return true
    }

    /// Gives the turn back (the caller found nothing more to deliver).
    mutating func release() { isDelivering = false }

    /// Whether a thread is inside a call to the subscriber (what it holds is released by that
    /// thread when the call returns).
    var isBusy: Bool { isDelivering }
}
