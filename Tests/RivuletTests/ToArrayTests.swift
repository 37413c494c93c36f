import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ToArrayTests: RivuletTestCase {
    func testCollectsEveryValueUntilCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.toArray() }
        XCTAssertEqual(res.events, [.next(250, [1, 2]), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEmptyGivesAnEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler.start { xs.toArray() }.events, [.next(250, []), .completed(250)])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.toArray() }.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .completed(300)])
        XCTAssertEqual(other.start(disposed: 250) { ys.toArray() }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testEachSubscriptionCollectsItsOwnArray() {
        let source = Observable.of(1, 2, 3).toArray()
        var arrays: [[Int]] = []
        _ = source.subscribe(onSuccess: { arrays.append($0) })
        _ = source.subscribe(onSuccess: { arrays.append($0) })
        XCTAssertEqual(arrays, [[1, 2, 3], [1, 2, 3]])
    }
}
