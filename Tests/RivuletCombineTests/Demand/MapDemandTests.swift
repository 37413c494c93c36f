import RivuletCombine
import TestSupport
import XCTest

/// `map` and `tryMap` on the demand path, against Combine's documented rules: `map` passes the
/// upstream's subscription (and so every request and cancel) straight through; `tryMap` is a
/// subscription of its own that passes demand through and, when its closure throws, cancels the
/// upstream once and fails.
final class MapDemandTests: RivuletTestCase {
    func testAMaxTwoSubscriberAsksTheUpstreamForTwoAndGetsTwo() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        publisher.map { $0 * 10 }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(2), .none)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "value(10)", "value(20)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))], "map asks for nothing of its own")
    }

    func testTheDemandASubscriberReturnsGoesBackUpstreamUnchanged() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: { $0 == 1 ? .max(3) : .unlimited })
        publisher.map { $0 + 1 }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(0), .max(3))
        XCTAssertEqual(publisher.send(1), .unlimited)
    }

    func testRequestsAndCancelsGoStraightToTheUpstream() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        publisher.map { $0 }.subscribe(subscriber)
        subscriber.subscription?.request(.max(5))
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(5)), .cancel, .cancel],
            "the subscriber holds the upstream's own subscription, as in Combine")
    }

    func testTheSubscriberGivenUpstreamIsNamedMap() {
        let publisher = RecordingPublisher<Int, Never>()
        publisher.map { $0 }.subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertEqual(publisher.subscriberDescription, "Map")
        XCTAssertEqual(publisher.subscriberPlaygroundDescription, "Map")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
    }

    func testMapPassesOnWhatAMisbehavingUpstreamSendsAsCombineDoes() {
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(7))
        publisher.map { $0 * 2 }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .max(7), "a value before the subscription goes through")
        publisher.send(subscription: publisher.subscription)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(
            subscriber.log,
            ["value(2)", "subscription(RecordingSubscription)", "finished", "failure(boom)"],
            "the end of the chain, not map, keeps the grammar")
    }

    func testTheTransformIsReleasedWhenTheUpstreamLetsGoOfTheSubscriber() {
        let publisher = RecordingPublisher<Int, Never>()
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            publisher.map { value in token.stamp(value) }.subscribe(RecordingSubscriber<Int, Never>())
        }
        XCTAssertNotNil(captured, "the upstream holds the subscriber, which holds the transform")
        publisher.reset()
        XCTAssertNil(captured)
    }

    // MARK: - tryMap

    func testTryMapIsASubscriptionOfItsOwnThatPassesDemandThrough() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2), perValue: .max(1))
        publisher.tryMap { $0 + 1 }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1))
        subscriber.subscription?.request(.max(4))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(4))])
        XCTAssertEqual(subscriber.log, ["subscription(TryMap)", "value(2)"])
        XCTAssertEqual(publisher.subscriberDescription, "TryMap")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
    }

    func testAThrowCancelsTheUpstreamOnceAndFails() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2), perValue: .none)
        publisher.tryMap { value -> Int in
            if value == 2 { throw TestFailure.boom }
            return value
        }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(TryMap)", "value(1)", "failure(boom)"])
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(TryMap)", "value(1)", "failure(boom)"])
    }

    func testTryMapCancelsOnceAndIgnoresRequestsAndCompletionsAfterwards() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .unlimited)
        publisher.tryMap { $0 }.subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(3))
        subscriber.subscription?.cancel()
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(TryMap)"])
    }

    func testTryMapCancelsASecondSubscriptionAndForwardsOneCompletion() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(1))
        publisher.tryMap { $0 }.subscribe(subscriber)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        publisher.send(completion: .finished)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(TryMap)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1))], "a completed upstream is not cancelled")
    }
}

/// An object a closure captures, to observe when the closure is released.
final class Token {
    func stamp(_ value: Int) -> Int { value }
}
