@testable import RivuletCombine
import TestSupport
import XCTest

/// `timeout` and `debounce` on the demand path, as Combine documents them: `timeout` passes
/// demand through, hands values and the completion over on the scheduler and, when the wait runs
/// out, cancels the upstream exactly once and finishes (or fails with the custom error);
/// `debounce` asks the upstream for everything, keeps the subscriber's demand, and drops a value
/// that finds none.
final class TimingDemandTests: RivuletTestCase {
    // MARK: - timeout

    func testTimeoutPassesDemandThroughAndHandsValuesOverOnTheScheduler() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.timeout(.seconds(5), scheduler: scheduler).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)"], "the subscription is handed over at once")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(subscriber.values, [], "values are handed over on the scheduler")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(1))])
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.send(2), .none)
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)", "value(1)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(1))], "no cancel after the end")
    }

    func testATimeOutCancelsTheUpstreamExactlyOnceAndFinishes() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.timeout(.seconds(2), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        publisher.send(1)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)", "value(1)"], "the value restarted the wait")
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)", "value(1)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        subscriber.subscription?.cancel()
        publisher.send(2)
        publisher.send(completion: .finished)
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)", "value(1)", "finished"])
    }

    func testATimeOutWithACustomErrorFails() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        publisher.timeout(.seconds(1), scheduler: scheduler, customError: { .other }).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)", "failure(other)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .cancel])
    }

    func testTheWaitStartsAgainAtTheFirstRequest() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        publisher.timeout(.seconds(2), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        subscriber.subscription?.request(.max(1))
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.completions.count, 0, "the first request started the wait again")
        subscriber.subscription?.request(.max(1))
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)", "finished"], "a later request does not")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .request(.max(1)), .cancel])
    }

    func testCancellingATimeoutCancelsOnceAndStopsTheTimer() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(Timeout)"])
    }

    func testTimeoutIgnoresEventsBeforeItsSubscription() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(subscriber.log, [], "no timer runs before the subscription")
    }

    func testACancelWhileTheCompletionIsOnItsWayCancelsTheUpstreamAsCombinesDoes() {
        let scheduler = CombineTestScheduler()
        for kind in ["timeout", "receive(on:)"] {
            let publisher = RecordingPublisher<Int, TestFailure>()
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
            if kind == "timeout" {
                publisher.timeout(.seconds(5), scheduler: scheduler).subscribe(subscriber)
            } else {
                publisher.receive(on: scheduler).subscribe(subscriber)
            }
            publisher.send(completion: .finished)
            subscriber.subscription?.cancel()
            XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .cancel], kind)
            scheduler.advance(by: .seconds(10))
            XCTAssertEqual(subscriber.completions.count, 0, "\(kind): nothing after cancel()")
        }
    }

    func testTimeoutReleasesTheSubscriberAtTheEnd() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        weak var released: RecordingSubscriber<Int, Never>?
        do {
            let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
            released = subscriber
            publisher.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released)
        scheduler.advance(by: .seconds(2))
        XCTAssertNil(released, "the time-out ended the subscription and let go of the subscriber")
    }

    func testTimeoutsNameAndMirror() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        publisher.timeout(.seconds(1), scheduler: scheduler).subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertEqual(publisher.subscriberDescription, "Timeout")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
        XCTAssertFalse(publisher.timeout(.seconds(1), scheduler: scheduler).isExactOnEngine)
        publisher.subscriber?.receive(completion: .finished)
        scheduler.advance(by: .seconds(1))
    }

    // MARK: - debounce

    func testDebounceAsksForEverythingAndKeepsTheSubscribersDemand() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        publisher.debounce(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Debounce)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "the subscriber's demand is kept here")
        XCTAssertEqual(publisher.send(1), .none)
        scheduler.advance(by: .milliseconds(500))
        XCTAssertEqual(publisher.send(2), .none)
        scheduler.advance(by: .milliseconds(999))
        XCTAssertEqual(subscriber.values, [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(subscriber.values, [2])
        publisher.send(3)
        scheduler.advance(by: .seconds(1))
        publisher.send(4)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [2, 3], "the demand of two is used up: 4 is dropped")
        subscriber.subscription?.request(.max(1))
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(subscriber.values, [2, 3], "a dropped value is not sent later")
        publisher.send(5)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [2, 3, 5])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
    }

    func testDebouncesCompletionDropsTheValueWaitingAndComesOnTheScheduler() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.debounce(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(subscriber.log, ["subscription(Debounce)"])
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(subscriber.log, ["subscription(Debounce)", "failure(boom)"])
    }

    func testCancellingDebounceCancelsOnceAndSendsNothingMore() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.debounce(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        publisher.send(1)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(subscriber.log, ["subscription(Debounce)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    func testDebouncesNameAndMirror() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        publisher.debounce(for: .seconds(1), scheduler: scheduler).subscribe(
            RecordingSubscriber<Int, Never>(initial: .max(3)))
        publisher.send(7)
        XCTAssertEqual(publisher.subscriberDescription, "Debounce")
        XCTAssertEqual(
            publisher.subscriberMirror?.children.map { "\($0.label ?? ""): \($0.value)" },
            ["downstream: RecordingSubscriber", "downstreamDemand: max(3)", "currentValue: Optional(7)"])
        XCTAssertFalse(publisher.debounce(for: .seconds(1), scheduler: scheduler).isExactOnEngine)
        scheduler.advance(by: .seconds(1))
    }

    func testDebounceReleasesTheSubscriberAfterTheCompletion() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        weak var released: RecordingSubscriber<Int, Never>?
        do {
            let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
            released = subscriber
            publisher.debounce(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
            subscriber.dropSubscriptions()
            publisher.send(1)
            publisher.send(completion: .finished)
        }
        scheduler.advance(by: .seconds(2))
        XCTAssertNil(released)
    }
}
