import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class FirstTests: RivuletTestCase {
    func testTheFirstValueEndsTheSubscription() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("--a--b--|")
        let res = scheduler.start { xs.first().asObservable().map { $0 ?? "nil" } }
        assertMarbles(res, "--(a|)")
        assertSubscriptions(xs, "^-!")
    }

    func testAnEmptySourceGivesNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(230)])
        let res = scheduler.start { xs.first() }
        XCTAssertEqual(res.events, [.next(230, nil), .completed(230)])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.first() }.events, [.error(230, TestError.boom)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(300, 1)])
        XCTAssertEqual(other.start(disposed: 250) { ys.first() }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testStopsAnInfiniteSynchronousSource() {
        var values: [Int?] = []
        _ = Observable.from(sequence(first: 1) { $0 + 1 }).first().subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [1])
    }
}
