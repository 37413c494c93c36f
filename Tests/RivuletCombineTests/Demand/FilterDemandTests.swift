import RivuletCombine
import TestSupport
import XCTest

/// `filter`, `compactMap` and their `try` forms on the demand path, as Combine documents them:
/// each value dropped asks the upstream for one more (`.max(1)`); the plain forms hand the
/// subscriber the upstream's own subscription, the `try` forms a subscription of their own that
/// cancels the upstream once when the closure throws.
final class FilterDemandTests: RivuletTestCase {
    func testFilterAsksForOneMorePerDroppedValueAndPassesTheRestThrough() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(3))
        publisher.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1), "dropped: one more")
        XCTAssertEqual(publisher.send(2), .max(3), "passed: the subscriber's answer")
        XCTAssertEqual(publisher.send(3), .max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "value(2)"])
        XCTAssertEqual(publisher.subscriberDescription, "Filter")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
    }

    func testCompactMapAsksForOneMorePerNil() {
        let publisher = RecordingPublisher<String, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        publisher.compactMap { Int($0) }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send("x"), .max(1))
        XCTAssertEqual(publisher.send("4"), .none)
        XCTAssertEqual(subscriber.values, [4])
        XCTAssertEqual(publisher.subscriberDescription, "CompactMap")
    }

    func testTryFilterIsItsOwnSubscriptionAndCancelsOnceOnAThrow() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2), perValue: .max(1))
        publisher.tryFilter { value in
            if value == 5 { throw TestFailure.boom }
            return value.isMultiple(of: 2)
        }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(2), .max(1))
        subscriber.subscription?.request(.max(4))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(4))])
        XCTAssertEqual(publisher.send(5), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(4)), .cancel])
        XCTAssertEqual(publisher.send(6), .none, "ignored after the end")
        publisher.send(completion: .finished)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(4)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(TryFilter)", "value(2)", "failure(boom)"])
        XCTAssertEqual(publisher.subscriberDescription, "TryFilter")
        XCTAssertEqual(publisher.subscriberMirror?.children.map(\.label), ["downstream"])
        XCTAssertTrue(
            publisher.subscriberMirror?.children.first.map { String(describing: $0.value) } == "RecordingSubscriber",
            "the downstream child is the user's subscriber, not a box")
    }

    func testTryCompactMapIgnoresEventsBeforeTheSubscriptionAndAfterTheCompletion() {
        let publisher = RecordingPublisher<String, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2))
        publisher.tryCompactMap { Int($0) }.subscribe(subscriber)
        XCTAssertEqual(publisher.send("1"), .none, "before the subscription: ignored")
        publisher.send(completion: .finished)
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.send("x"), .max(1))
        XCTAssertEqual(publisher.send("2"), .none)
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.send("3"), .none)
        XCTAssertEqual(subscriber.log, ["subscription(TryCompactMap)", "value(2)", "failure(boom)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))], "a failed upstream is not cancelled")
    }

    func testTheTryFormsCancelASecondSubscriptionAndASubscriptionAfterACancel() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: nil)
        publisher.tryFilter { _ in true }.subscribe(subscriber)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.cancel], "the first one, sent again, is refused too")
    }

    func testACancelBeforeTheSubscriptionCancelsItOnArrivalAsInCombine() {
        // The strict operators remember it (most other operators ignore it, as Combine's do).
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Error>(initial: .unlimited)
        publisher.tryFilter { _ in true }.subscribe(subscriber)
        (publisher.rawSubscriber as? Subscription)?.cancel()
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.cancel])
        XCTAssertEqual(subscriber.log, [], "nothing is handed down")
    }

    func testTheTryFormsKeepTheirSubscriberUntilBothEndsLetGoAsCombineDoes() {
        weak var released: RecordingSubscriber<Int, Error>?
        let publisher = RecordingPublisher<Int, Never>()
        do {
            let subscriber = RecordingSubscriber<Int, Error>(initial: .unlimited)
            released = subscriber
            publisher.tryFilter { _ in true }.subscribe(subscriber)
            subscriber.subscription?.cancel()
            XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released, "the upstream still holds the operator, which holds its subscriber")
        publisher.reset()
        XCTAssertNil(released)
    }
}
