import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SkipTests: RivuletTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
    }

    func testDropsTheFirstCountValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.skip(2) }
        XCTAssertEqual(res.events, [.next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipZeroPassesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.skip(0) }
        XCTAssertEqual(
            res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testNegativeCountPassesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.skip(-1) }
        XCTAssertEqual(res.events.count, 5)
    }

    func testSkippingMoreThanTheSourceHasOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.skip(10) }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testForwardsTheSourceErrorEvenWhileSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.skip(5) }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start(disposed: 235) { xs.skip(1) }
        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testEverySubscriptionCountsAfresh() {
        let source = Observable.of(1, 2, 3).skip(2)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        source.subscribe(first).dispose()
        source.subscribe(second).dispose()
        XCTAssertEqual(first.events, [.next(3), .completed])
        XCTAssertEqual(second.events, first.events)
    }
}
