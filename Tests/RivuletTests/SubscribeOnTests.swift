import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SubscribeOnTests: RealTimeTestCase {
    func testSubscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: Int?
        var disposedAt: Int?
        let xs = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(subscribedAt, 201)
        XCTAssertEqual(disposedAt, 1001)
    }

    func testCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(300, TestError.boom)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testValuesArriveWhenTheSourceSendsThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(201, 2), .next(210, 3)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        // 201: the hot event was queued before the subscription, so it is missed.
        XCTAssertEqual(res.events, [.next(210, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 1001)])
    }

    func testDisposeBeforeTheScheduledSubscriptionNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3)])
        let res = scheduler.start(disposed: 200) { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testSubscribesOnTheSchedulersQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-test")
        let caller = Thread.current
        let done = expectation(description: "completed")
        let subscribedElsewhere = LockedFlag()
        let source = Observable<Int>.create { observer in
            if Thread.current != caller { subscribedElsewhere.set() }
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()
        let subscription = source.subscribe(on: scheduler).subscribe { event in
            recorder.on(event)
            if event.isCompleted { done.fulfill() }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertTrue(subscribedElsewhere.value)
        subscription.dispose()
    }

    // MARK: Marble diagrams (one frame = 10 ticks; no simulated processing delay)

    func testMarblesWithoutProcessingDelay() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|")
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        assertMarbles(res, "--b-c-|")
        assertSubscriptions(xs, "^-----!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("^-a#", error: TestError.boom)
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        assertMarbles(res, "--a#", error: TestError.boom)
        assertSubscriptions(xs, "^--!")
    }

    func testMarblesDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("^-a-b-|")
        let res = scheduler.start(disposed: 230) { xs.subscribe(on: scheduler) }
        assertMarbles(res, "--a")
        assertSubscriptions(xs, "^--!")
    }
}
