import Foundation
import Rivulet
import TestSupport
import XCTest

/// The one wait left (docs/DESIGN.md, "Known limits"): a handler that waits in user
/// code for a thread parked sending into the same stream. A sender parks only when, with its
/// event, more than 32 events of other threads wait, another sender is parked, or the owner has
/// used up its turn; below that the pattern runs, and at it the handler would wait for ever (here
/// it gives up after a while, so the test can tell without hanging).
final class HandlerWaitLimitTests: RealTimeTestCase {
    /// Thread O sends one value at a time into a subject whose handler takes lock L; for each, while
    /// O's handler waits for L, thread S, holding L, sends `burst` values into the subject (queued
    /// behind O's delivery) and then lets L go. Returns how many times the handler gave up waiting
    /// for L (S was parked holding it).
    private func handlerWaits(burst: Int, rounds: Int) -> Int {
        let subject = PublishSubject<Int>()
        let lock = NSLock()
        let ready = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let drained = DispatchSemaphore(value: 0)
        let gaveUp = LockedCounter()
        let stopWaiting = LockedFlag()
        let subscription = subject.subscribe(onNext: { value in
            if value >= 0 { entered.signal() }
            if !stopWaiting.value {
                if lock.lock(before: Date().addingTimeInterval(2)) {
                    lock.unlock()
                } else {
                    // The sender holding the lock is parked on this very delivery: a deadlock
                    // without the time-out. Later deliveries stop waiting, so the run ends.
                    gaveUp.increment()
                    stopWaiting.set()
                }
            }
            if value == -burst { drained.signal() }
        })
        let owner = Thread {
            for round in 0..<rounds {
                ready.wait()
                subject.onNext(round)
            }
        }
        owner.start()
        assertFinishes(within: 60, "a handler waiting for a lock a sender holds, bursts of \(burst)") {
            for _ in 0..<rounds {
                lock.lock()
                ready.signal()
                // O is inside its handler, waiting for the lock: S's values queue behind it.
                entered.wait()
                for value in 1...burst { subject.onNext(-value) }
                lock.unlock()
                drained.wait()
            }
        }
        subscription.dispose()
        return gaveUp.value
    }

    func testAHandlerWaitingForASenderRunsWhileAtMost32EventsWaitPerDelivery() {
        XCTAssertEqual(handlerWaits(burst: 32, rounds: 200), 0, "a sender parked below the documented condition")
    }

    func testAHandlerWaitingForASenderWouldWaitForEverOnceA33rdEventWaits() {
        XCTAssertGreaterThan(handlerWaits(burst: 33, rounds: 3), 0, "the 33rd waiting event did not park its sender")
    }
}
