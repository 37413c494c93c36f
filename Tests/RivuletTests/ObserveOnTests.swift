import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ObserveOnTests: RealTimeTestCase {
    func testEachEventIsDeliveredOneSchedulerStepLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 2), .next(221, 3), .completed(251)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEventsOfOneTickAreDeliveredOnePerStep() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(210)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 2), .error(221, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposeCancelsScheduledDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .next(220, 3)])
        // The event at 210 is queued for 211, but the subscription is disposed at 210.
        let res = scheduler.start(disposed: 210) { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(206, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testSynchronousSourceIsDeliveredInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3).observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testSerialQueueDeliversOffTheCallingThreadInOrder() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-test")
        let done = expectation(description: "completed")
        let recorder = EventRecorder<Int>()
        let caller = Thread.current
        let onOtherThread = LockedFlag()
        let subscription = Observable.from(Array(0..<100)).observe(on: scheduler).subscribe { event in
            if Thread.current != caller { onOtherThread.set() }
            recorder.on(event)
            if event.isCompleted { done.fulfill() }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.elements, Array(0..<100))
        XCTAssertTrue(recorder.isStopped)
        XCTAssertTrue(onOtherThread.value)
        subscription.dispose()
    }

    func testConcurrentQueueKeepsTheGrammar() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let done = expectation(description: "completed")
        let recorder = EventRecorder<Int>()
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: scheduler).subscribe { event in
            recorder.on(event)
            if event.isCompleted { done.fulfill() }
        }
        for value in 0..<200 { subject.onNext(value) }
        subject.onCompleted()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.elements, Array(0..<200))
        subscription.dispose()
    }

    func testNoDeliveryStartsAfterDisposeReturns() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-dispose")
        let subject = PublishSubject<Int>()
        let deliveries = LateDeliveries()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { _ in deliveries.delivery() })
        for value in 0..<1_000 { subject.onNext(value) }
        subscription.dispose()
        deliveries.disposeReturned()
        // Whatever was still queued on the scheduler must not reach the observer; only a delivery
        // already running on the queue when dispose() returned may finish.
        let drained = expectation(description: "queue drained")
        _ = scheduler.schedule(()) { _ in
            drained.fulfill()
            return Disposables.create()
        }
        wait(for: [drained], timeout: 5)
        XCTAssertLessThanOrEqual(deliveries.late, 1)
    }

    // MARK: Marble diagrams (one frame = 10 ticks; no simulated processing delay, so a
    // scheduled step runs in the same tick)

    func testMarblesWithoutProcessingDelay() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|")
        let res = scheduler.start { xs.observe(on: scheduler) }
        assertMarbles(res, "--b-c-|")
        assertSubscriptions(xs, "^-----!")
    }

    func testMarblesError() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("^-b#", error: TestError.boom)
        let res = scheduler.start { xs.observe(on: scheduler) }
        assertMarbles(res, "--b#", error: TestError.boom)
        assertSubscriptions(xs, "^--!")
    }

    func testMarblesDisposalDropsAnEventQueuedForTheSameTick() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("^-a-b-c|")
        // At 240 the hot event is queued first, then the disposal, then the delivery step.
        let res = scheduler.start(disposed: 240) { xs.observe(on: scheduler) }
        assertMarbles(res, "--a")
        assertSubscriptions(xs, "^---!")
    }
}
