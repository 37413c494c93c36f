@testable import RivuletCombine
import TestSupport
import XCTest

/// `collect(.byTime)` and `collect(.byTimeOrCount)` on the demand path, as Combine behaves: each
/// array uses one of the subscriber's demand; `.byTime` asks the upstream for one value per
/// request and one more per value, `.byTimeOrCount` for `count` values per array asked for; the
/// completion comes from the scheduler.
final class CollectByTimeDemandTests: RivuletTestCase {
    func testByTimeAsksForOneAtATimeAndSendsAnArrayPerSpanWithDemand() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<[Int], TestFailure>(initial: .max(2), perValue: .none)
        publisher.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(CollectByTime)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1))])
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(2), .max(1))
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [[1, 2]])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [[1, 2]], "no empty arrays")
        publisher.send(3)
        scheduler.advance(by: .seconds(1))
        publisher.send(4)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [[1, 2], [3]], "the demand is used up: 4 stays collected")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .request(.max(1))])
        publisher.send(5)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [[1, 2], [3], [4, 5]])
    }

    func testByTimeOrCountAsksForCountPerArrayAndSendsAFullArrayAtOnce() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<[Int], TestFailure>(
            initial: .max(2), perValue: { $0.contains(0) ? .max(1) : ($0.contains(2) ? .max(5) : .none) })
        publisher.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(4))])
        XCTAssertEqual(publisher.send(0), .none)
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(subscriber.values, [[0, 1]], "full: sent at once")
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(4)), .request(.max(2))],
            "the demand returned for a full array is asked for, count per array")
        publisher.send(2)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [[0, 1], [2]])
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(4)), .request(.max(2))],
            "as in Combine, the demand returned for an array a span ended is not passed upstream")
        publisher.send(3)
        publisher.send(4)
        XCTAssertEqual(subscriber.values, [[0, 1], [2], [3, 4]], "that demand is kept")
    }

    func testTheCompletionComesFromTheSchedulerAfterWhatWasCollected() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<[Int], TestFailure>(initial: .unlimited)
        publisher.collect(.byTime(scheduler, .seconds(2))).subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(subscriber.log, ["subscription(CollectByTime)"])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(CollectByTime)", "value([1])", "finished"])
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(subscriber.log.count, 3)

        let failing = RecordingPublisher<Int, TestFailure>()
        let second = RecordingSubscriber<[Int], TestFailure>(initial: .unlimited)
        failing.collect(.byTime(scheduler, .seconds(2))).subscribe(second)
        failing.send(1)
        failing.send(completion: .failure(.boom))
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(
            second.log, ["subscription(CollectByTime)", "failure(boom)"], "a failure drops what was collected")
    }

    func testCancelIsPassedOnceStopsTheTimerAndReleasesTheSubscriber() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        weak var released: RecordingSubscriber<[Int], Never>?
        do {
            let subscriber = RecordingSubscriber<[Int], Never>(initial: .unlimited)
            released = subscriber
            publisher.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)
            publisher.send(1)
            subscriber.subscription?.cancel()
            subscriber.subscription?.cancel()
            subscriber.dropSubscriptions()
        }
        XCTAssertNil(released)
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .cancel])
    }

    func testEventsBeforeTheSubscriptionAreIgnored() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<[Int], Never>(initial: .unlimited)
        publisher.collect(.byTimeOrCount(scheduler, .seconds(1), 3)).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(subscriber.log, [])
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        XCTAssertEqual(publisher.subscriberDescription, "CollectByTime")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
        XCTAssertFalse(PassthroughSubject<Int, Never>().collect(.byTime(scheduler, .seconds(1))).isExactOnEngine)
        subscriber.subscription?.cancel()
    }
}
