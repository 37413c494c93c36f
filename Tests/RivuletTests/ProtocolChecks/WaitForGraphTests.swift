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
}
