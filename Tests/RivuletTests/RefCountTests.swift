import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class RefCountTests: RivuletTestCase {
    func testConnectsWithTheFirstSubscriberAndDisconnectsWithTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(290, 5), .completed(400),
        ])
        let shared = xs.publish().refCount()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        var subscriptionA: Disposable?
        var subscriptionB: Disposable?
        scheduler.scheduleAt(220) { subscriptionA = shared.subscribe(a) }
        scheduler.scheduleAt(240) { subscriptionB = shared.subscribe(b) }
        scheduler.scheduleAt(260) { subscriptionA?.dispose() }
        scheduler.scheduleAt(280) { subscriptionB?.dispose() }
        scheduler.start()
        XCTAssertEqual(a.events, [.next(230, 2), .next(250, 3)])
        XCTAssertEqual(b.events, [.next(250, 3), .next(270, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(220, 280)])
    }

    func testReconnectsAfterTheCountDroppedToZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
        let shared = xs.publish().refCount()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = shared.subscribe(observer) }
        scheduler.scheduleAt(220) { subscription?.dispose() }
        scheduler.scheduleAt(240) { subscription = shared.subscribe(observer) }
        scheduler.scheduleAt(260) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 1), .next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(240, 260)])
    }

    func testTheSourcesTerminalEventEndsTheConnectionAndTheNextSubscriberReconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(250) { _ = shared.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(260, 1), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(250, 270)])
    }

    func testReplayRefCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let shared = xs.replay(1).refCount()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let bag = CompositeDisposable()
        scheduler.scheduleAt(200) { _ = bag.insert(shared.subscribe(a)) }
        scheduler.scheduleAt(230) { _ = bag.insert(shared.subscribe(b)) }
        scheduler.scheduleAt(300) { bag.dispose() }
        scheduler.start()
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(b.events, [.next(230, 2), .next(240, 3)])
        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(240, 3)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-d-|")
        let res = scheduler.start(disposed: 260) { xs.publish().refCount() }
        assertMarbles(res, "-a-b-c")
        assertSubscriptions(xs, "^-----!")
    }

    func testASubscriberAddedWhileDisposingDoesNotLeaveAConnectionBehind() {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let shared = subject.publish().refCount()
            runConcurrently(4) { _ in
                for _ in 0..<20 { shared.subscribe(onNext: { _ in }).dispose() }
            }
            XCTAssertFalse(subject.hasObservers, "every connection was disposed")
        }
    }
}
