import XCTest

@testable import Rivulet

/// The decisions of `WaitForGraph`, on made-up thread keys: a sender parks unless
/// the owner it would wait for waits, through parked senders, for it.
final class WaitForGraphTests: RivuletTestCase {
    private let t1 = WaitForGraph.key(ThreadID(raw: 0x1000))
    private let t2 = WaitForGraph.key(ThreadID(raw: 0x2000))
    private let t3 = WaitForGraph.key(ThreadID(raw: 0x3000))
    private let t4 = WaitForGraph.key(ThreadID(raw: 0x4000))

    override func setUp() {
        super.setUp()
        WaitForGraph.forgetForTesting([t1, t2, t3, t4])
    }

    override func tearDown() {
        WaitForGraph.forgetForTesting([t1, t2, t3, t4])
        super.tearDown()
    }

    func testTwoOwnersNeverParkOnEachOther() {
        XCTAssertTrue(WaitForGraph.mayPark(t1, waitingFor: t2))
        XCTAssertFalse(WaitForGraph.mayPark(t2, waitingFor: t1), "t1 waits for t2: t2 must not wait for t1")
        WaitForGraph.woken(t1)
        XCTAssertTrue(WaitForGraph.mayPark(t2, waitingFor: t1), "once t1 was woken, t2 may wait for it")
    }

    func testACycleThroughThreeThreadsIsFound() {
        XCTAssertTrue(WaitForGraph.mayPark(t1, waitingFor: t2))
        XCTAssertTrue(WaitForGraph.mayPark(t2, waitingFor: t3))
        XCTAssertFalse(WaitForGraph.mayPark(t3, waitingFor: t1))
        XCTAssertTrue(WaitForGraph.mayPark(t4, waitingFor: t1), "t4 is on no cycle")
    }

    func testAHandOffMakesTheRemainingSendersWaitForTheNewOwner() {
        // t2 and t3 are parked on a stream t1 owns; t1 hands it to t2.
        XCTAssertTrue(WaitForGraph.mayPark(t2, waitingFor: t1))
        XCTAssertTrue(WaitForGraph.mayPark(t3, waitingFor: t1))
        WaitForGraph.handedOver(to: t2, remaining: [Parker(sequence: 2, thread: ThreadID(raw: 0x3000))])
        // Until t2 is woken it still waits for t1; t3 waits for t2 now, so t2 may not wait for t3.
        XCTAssertFalse(WaitForGraph.mayPark(t1, waitingFor: t3), "t3 → t2 → t1 leads back to t1")
        WaitForGraph.woken(t2)
        XCTAssertFalse(WaitForGraph.mayPark(t2, waitingFor: t3), "t3 waits for t2, its new owner")
        XCTAssertTrue(WaitForGraph.mayPark(t1, waitingFor: t3))
    }

    /// The hand-off an owner decides while it takes a batch happens only after that batch: a sender
    /// that parks meanwhile waits for the old owner, and from the hand-off on for the new one. Its
    /// edge must follow, or the new owner could park on it (the flood test of FeedbackStallTests
    /// hung so, now and then: two threads each parked on the other's stream).
    func testASenderThatParkedWhileTheLastBatchWasDeliveredWaitsForTheNewOwner() throws {
        #if DEBUG
            Parker.capacityForTesting.store(2, ordering: .relaxed)
            defer { Parker.capacityForTesting.store(32, ordering: .relaxed) }
            let (x, s, p) = (ThreadID(raw: 0x1000), ThreadID(raw: 0x2000), ThreadID(raw: 0x3000))
            var queue = EmissionQueue<Int>()
            var released = ContiguousArray<Parker>()
            // x owns emission; it sent one event from a handler, s three (the third parks).
            XCTAssertNil(queue.offer(.next(0), fromOwner: true, owner: t1, sender: x))
            XCTAssertNil(queue.offer(.next(1), fromOwner: false, owner: t1, sender: s))
            XCTAssertNil(queue.offer(.next(2), fromOwner: false, owner: t1, sender: s))
            let parkedS = try XCTUnwrap(queue.offer(.next(3), fromOwner: false, owner: t1, sender: s))
            // x delivers 0 and 1, then takes 2, after which s is to take over.
            var batch = EventRing<Int>()
            var successor: Parker?
            guard case .deliver = queue.takeBatch(into: &batch, successor: &successor, releasing: &released) else {
                return XCTFail("the first batch")
            }
            XCTAssertNil(successor)
            batch = EventRing<Int>()
            guard case .deliver = queue.takeBatch(into: &batch, successor: &successor, releasing: &released) else {
                return XCTFail("the second batch")
            }
            XCTAssertTrue(successor === parkedS, "s takes over after this batch")
            // While x delivers it, p (the owner of another stream, from one of its handlers) sends
            // twice and parks: it waits for x.
            XCTAssertNil(queue.offer(.next(4), fromOwner: false, owner: t1, sender: p))
            let parkedP = try XCTUnwrap(queue.offer(.next(5), fromOwner: false, owner: t1, sender: p))
            // x hands over to s, wakes it and returns.
            queue.handOver(to: parkedS)
            parkedS.wake(.owner)
            // s owns the stream p waits on: s must not park on a stream p owns.
            XCTAssertFalse(WaitForGraph.mayPark(t2, waitingFor: t3), "p waits for s now")
            parkedP.wake(.released)
            XCTAssertTrue(WaitForGraph.mayPark(t2, waitingFor: t3))
        #else
            throw XCTSkip("the queue's capacity can be lowered in debug builds only")
        #endif
    }
}
