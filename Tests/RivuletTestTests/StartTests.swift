import Rivulet
import RivuletTest
import XCTest

final class StartTests: LeakCheckingTestCase {
    func testDefaultsAre100200And1000() {
        XCTAssertEqual(TestScheduler.Defaults.created, 100)
        XCTAssertEqual(TestScheduler.Defaults.subscribed, 200)
        XCTAssertEqual(TestScheduler.Defaults.disposed, 1000)
    }

    func testStartCreatesSubscribesAndDisposesAtTheDefaults() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: Int?
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(999, 3), .next(1000, 4), .next(1001, 5),
        ])
        let res = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return xs.asObservable()
        }
        XCTAssertEqual(createdAt, 100)
        // The hot event at 1000 was queued (at creation) before `start` queued the disposal at
        // 1000, so it is delivered first (FIFO ties, as in RxTest); 1001 is not.
        XCTAssertEqual(res.events, [.next(210, 2), .next(999, 3), .next(1000, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testStartWithExplicitTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: Int?
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(100)])
        let res = scheduler.start(created: 50, subscribed: 60, disposed: 75) { () -> TestableObservable<String> in
            createdAt = scheduler.clock
            return xs
        }
        XCTAssertEqual(createdAt, 50)
        XCTAssertEqual(res.events, [.next(70, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(60, 75)])
    }

    func testStartWithDisposedOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 250) { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 10)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSubscribedBeforeCreatedRecordsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(310, 1)])
        let res = scheduler.start(created: 300, subscribed: 200, disposed: 400) { xs }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testTerminalEventEndsTheSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom), .next(230, 2)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCreateObserverRecordsEventTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(10) { observer.onNext(1) }
        scheduler.scheduleAt(20) { observer.onCompleted() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 1), .completed(20)])
    }
}
