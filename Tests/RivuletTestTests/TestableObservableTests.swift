import Rivulet
import RivuletTest
import XCTest

final class TestableObservableTests: LeakCheckingTestCase {
    func testHotEventsAreScheduledAtCreationOnAbsoluteTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(110, 1), .next(210, 2), .next(310, 3), .completed(400)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(100) { subscriptions.append(xs.subscribe(early)) }
        scheduler.scheduleAt(250) { subscriptions.append(xs.subscribe(late)) }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(110, 1), .next(210, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(late.events, [.next(310, 3), .completed(400)])
        // A raw subscription (no operator) ends only when disposed.
        XCTAssertEqual(xs.subscriptions, [Subscription(100), Subscription(250)])
    }

    func testHotEventsBeforeTheClockRunAtStart() {
        let scheduler = TestScheduler(initialClock: 200)
        let xs = scheduler.createHotObservable([.next(100, 1), .next(300, 2)])
        let observer = scheduler.createObserver(Int.self)
        _ = xs.subscribe(observer)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(200, 1), .next(300, 2)])
    }

    func testColdEventsAreRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, "a"), .next(10, "b"), .completed(20)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(100) { _ = xs.asObservable().subscribe(first) }
        scheduler.scheduleAt(205) { _ = xs.asObservable().subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(100, "a"), .next(110, "b"), .completed(120)])
        XCTAssertEqual(second.events, [.next(205, "a"), .next(215, "b"), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 120), Subscription(205, 225)])
    }

    func testColdEventAtZeroIsNotDeliveredDuringSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, 1)])
        var received: [Int] = []
        var deliveredDuringSubscribe = true
        var subscription: Disposable?
        scheduler.scheduleAt(50) {
            subscription = xs.subscribe(onNext: { received.append($0) })
            deliveredDuringSubscribe = !received.isEmpty
        }
        scheduler.start()
        XCTAssertFalse(deliveredDuringSubscribe)
        XCTAssertEqual(received, [1])
        subscription?.dispose()
        XCTAssertEqual(xs.subscriptions, [Subscription(50, 50)])
    }

    func testDisposingStampsTheSubscriptionAndStopsDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let cold = scheduler.createColdObservable([.next(10, 1), .next(30, 2)])
        let hotObserver = scheduler.createObserver(Int.self)
        let coldObserver = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        scheduler.scheduleAt(200) {
            disposables.append(hot.subscribe(hotObserver))
            disposables.append(cold.subscribe(coldObserver))
        }
        scheduler.scheduleAt(220) { disposables.forEach { $0.dispose() } }
        scheduler.scheduleAt(225) { disposables.forEach { $0.dispose() } }
        scheduler.start()
        XCTAssertEqual(hotObserver.events, [.next(210, 1)])
        XCTAssertEqual(coldObserver.events, [.next(210, 1)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 220)])
    }

    func testSubscribingThroughOperatorsHandsOverTheSubscriptionFirst() {
        // `take`-like early stop: a filter that disposes its subscription from inside onNext.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        var received: [Int] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.asObservable().subscribe(onNext: { value in
                received.append(value)
                if value == 2 { subscription?.dispose() }
            })
        }
        scheduler.start()
        subscription = nil  // the closure captured its own subscription: break the cycle
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRecordedEventsAreKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let events: [Recorded<Event<Int>>] = [.next(10, 1), .completed(20)]
        XCTAssertEqual(scheduler.createColdObservable(events).recordedEvents, events)
        XCTAssertEqual(scheduler.createHotObservable(events).recordedEvents, events)
    }
}
