import Foundation
import Rivulet
import TestSupport
import XCTest

/// Subscribers that wait to join a subject (another thread is delivering) and are disposed before
/// they join: each is found by its key without scanning the others and leaves a hole, so the
/// ones still waiting join and receive the next events (a linear scan under the
/// subject's lock stalled a subject with many pending subscribers).
final class PendingSubscriberTests: RealTimeTestCase {
    func testSubscribersDisposedWhileWaitingToJoinNeverJoinAndTheOthersDo() {
        let subject = PublishSubject<Int>()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocker = subject.take(1).subscribe(onNext: { _ in
            inside.signal()
            release.wait()
        })
        let owner = Thread { subject.onNext(0) }
        owner.start()
        inside.wait()
        // The owner is inside a delivery: every subscriber below waits to join.
        let received = LockedCounter()
        var subscriptions: [Disposable] = []
        for _ in 0..<2_000 {
            subscriptions.append(subject.subscribe(onNext: { _ in received.increment() }))
        }
        XCTAssertTrue(subject.hasObservers)
        // Disposed in an order that is neither first-to-last nor last-to-first.
        for index in stride(from: 1, to: subscriptions.count, by: 2).reversed() { subscriptions[index].dispose() }
        for index in stride(from: 0, to: subscriptions.count, by: 4) { subscriptions[index].dispose() }
        let done = DispatchSemaphore(value: 0)
        Thread {
            release.signal()
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        // The owner's emission ends (the subscribers join at its end); then a new event.
        assertFinishes("the owner's emission ends") {
            while owner.isExecuting { usleep(100) }
        }
        subject.onNext(1)
        XCTAssertEqual(received.value, 500, "every subscriber still waiting joined, and no disposed one")
        for subscription in subscriptions { subscription.dispose() }
        XCTAssertFalse(subject.hasObservers)
        blocker.dispose()
    }

    func testAllPendingSubscribersDisposedLeaveNoObserver() {
        let subject = PublishSubject<Int>()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let blocker = subject.take(1).subscribe(onNext: { _ in
            inside.signal()
            release.wait()
        })
        Thread {
            subject.onNext(0)
            done.signal()
        }.start()
        inside.wait()
        let subscriptions = (0..<100).map { _ in subject.subscribe(onNext: { _ in }) }
        for subscription in subscriptions { subscription.dispose() }
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        XCTAssertFalse(subject.hasObservers)
        blocker.dispose()
    }
}
