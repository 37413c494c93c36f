@testable import RivuletCombine
import TestSupport
import XCTest

/// `throttle(for:scheduler:latest:)` on the demand path, as Combine documents it: the upstream is
/// asked for everything, the subscriber's demand is kept, and at most one value per interval is
/// sent from the scheduler (the latest or the first of a window).
final class ThrottleDemandTests: RivuletTestCase {
    func testAMaxTwoSubscriberGetsTwoValuesAndTheUpstreamIsAskedForEverything() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        publisher.throttle(for: .seconds(10), scheduler: scheduler, latest: false).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Throttle)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(5), .none)
        XCTAssertEqual(subscriber.values, [], "sent from the scheduler")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.values, [1], "the first of the window, at once")
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.send(6), .none)
        scheduler.advance(by: .seconds(9))
        XCTAssertEqual(subscriber.values, [1])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [1, 2], "the window's first value at its end")
        publisher.send(3)
        scheduler.advance(by: .seconds(20))
        XCTAssertEqual(subscriber.values, [1, 2], "no demand: dropped")
        subscriber.subscription?.request(.max(1))
        publisher.send(4)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.values, [1, 2, 4])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
    }

    func testLatestSendsTheWindowsLastValue() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(subscriber)
        publisher.send(0)
        scheduler.advance(by: .seconds(45))
        publisher.send(1)
        publisher.send(2)
        scheduler.advance(by: .seconds(14))
        XCTAssertEqual(subscriber.values, [0])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [0, 2], "60 s after the last value sent")
        scheduler.advance(by: .seconds(61))
        publisher.send(3)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.values, [0, 2, 3], "the interval had passed: at once")
    }

    func testTheCompletionFollowsTheValueDueOrComesFromTheScheduler() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(subscriber)
        publisher.send(-1)
        scheduler.advance(by: .nanoseconds(0))
        publisher.send(1000)
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.send(5), .none)
        XCTAssertEqual(subscriber.log, ["subscription(Throttle)", "value(-1)"])
        scheduler.advance(by: .seconds(60))
        XCTAssertEqual(subscriber.log, ["subscription(Throttle)", "value(-1)", "value(1000)", "failure(boom)"])

        let other = RecordingPublisher<Int, TestFailure>()
        let second = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        other.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(second)
        other.send(completion: .finished)
        XCTAssertEqual(second.log, ["subscription(Throttle)"])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(second.log, ["subscription(Throttle)", "finished"])
    }

    func testCancelIsPassedOnceAndReleasesTheSubscriberAtOnce() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        weak var released: RecordingSubscriber<Int, Never>?
        do {
            let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
            released = subscriber
            publisher.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(subscriber)
            publisher.send(42)
            subscriber.subscription?.cancel()
            subscriber.subscription?.cancel()
            subscriber.dropSubscriptions()
        }
        XCTAssertNil(released, "the scheduled emission holds the subscription weakly, as Combine's")
        scheduler.advance(by: .seconds(60))
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    func testEventsBeforeTheSubscriptionAndASecondSubscription() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.log, [])
        publisher.send(subscription: publisher.subscription)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        XCTAssertEqual(subscriber.log, ["subscription(Throttle)"])
    }

    func testValuesSentFromInsideTheSubscriberOnAnImmediateSchedulerDoNotOverlap() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        var depth = 0
        var deepest = 0
        var left = 3
        subscriber.onValue = { _ in
            depth += 1
            deepest = max(deepest, depth)
            if left > 0 {
                left -= 1
                publisher.send(-1)
            }
            depth -= 1
        }
        publisher.throttle(for: .seconds(60), scheduler: ImmediateScheduler.shared, latest: true).subscribe(subscriber)
        publisher.send(0)
        XCTAssertEqual(subscriber.values, [0, -1, -1, -1])
        XCTAssertEqual(deepest, 1)
    }

    func testNameMirrorAndExactness() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        publisher.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(
            RecordingSubscriber<Int, Never>())
        XCTAssertEqual(publisher.subscriberDescription, "Throttle")
        XCTAssertEqual(publisher.subscriberPlaygroundDescription, "Throttle")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertFalse(subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).isExactOnEngine)
    }

    func testTheClockIsReadWhereCombineReadsIt() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.throttle(for: .seconds(10), scheduler: scheduler, latest: true).subscribe(subscriber)
        XCTAssertEqual(scheduler.nowReads, 1, "when the subscriber is made")
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(scheduler.nowReads, 2, "when the subscription arrives")
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(scheduler.nowReads, 4, "for each value, also one that only replaces the value due")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.values, [2])
        XCTAssertEqual(scheduler.nowReads, 5, "to stamp the value sent")
        publisher.send(3)
        publisher.send(completion: .finished)
        XCTAssertEqual(scheduler.nowReads, 7, "for the value and for the completion")
        publisher.send(4)
        publisher.send(completion: .finished)
        XCTAssertEqual(scheduler.nowReads, 7, "not for what comes after the completion")
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(subscriber.log, ["subscription(Throttle)", "value(2)", "value(3)", "finished"])
        XCTAssertEqual(scheduler.nowReads, 7, "not to stamp a value the completion follows")
    }

    func testTheClockIsNotReadAfterTheCancel() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.throttle(for: .seconds(10), scheduler: scheduler, latest: true).subscribe(subscriber)
        subscriber.subscription?.cancel()
        publisher.send(1)
        publisher.send(completion: .finished)
        XCTAssertEqual(scheduler.nowReads, 2)
    }
}
