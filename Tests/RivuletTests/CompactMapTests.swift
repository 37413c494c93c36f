import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class CompactMapTests: RivuletTestCase {
    func testPassesOnNonNilResults() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .error(220, TestError.boom), .next(230, "3")])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingTransformFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start {
            xs.compactMap { value -> String? in
                if value == 2 { throw TestError.boom }
                return "\(value)"
            }
        }
        XCTAssertEqual(res.events, [.next(210, "1"), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start(disposed: 215) { xs.compactMap { $0 } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testColdSourceIsSubscribedOnceAndDisposedOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 4 as Int?), .next(20, nil), .completed(30)])
        let res = scheduler.start { xs.compactMap { $0 } }
        XCTAssertEqual(res.events, [.next(210, 4), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
