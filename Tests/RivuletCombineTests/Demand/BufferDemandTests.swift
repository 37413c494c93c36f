@testable import RivuletCombine
import TestSupport
import XCTest

/// `buffer(size:prefetch:whenFull:)` on the demand path, as Combine documents it: the prefetch is
/// requested before the subscriber gets its subscription (`.keepFull`: `size` values, then one
/// more per value passed on; `.byRequest`: everything), values wait for the subscriber's demand,
/// and a full buffer drops the newest, drops the oldest, or cancels the upstream and fails.
final class BufferDemandTests: RivuletTestCase {
    func testKeepFullAsksForItsSizeFirstAndOneMorePerValuePassedOn() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        var seenAtFirstRequest: [String]?
        publisher.subscription.onRequest = { _ in
            if seenAtFirstRequest == nil { seenAtFirstRequest = subscriber.log }
        }
        publisher.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        XCTAssertEqual(seenAtFirstRequest, [], "the prefetch is requested before the subscriber has its subscription")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5))])
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)"])
        XCTAssertEqual(publisher.send(1), .max(1), "a value passed straight on is asked for again")
        XCTAssertEqual(publisher.send(2), .max(1))
        XCTAssertEqual(publisher.send(3), .none, "no demand: it waits")
        XCTAssertEqual(publisher.send(4), .none)
        XCTAssertEqual(subscriber.values, [1, 2])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(5)), .request(.max(1))],
            "a value passed on from the buffer is asked for after the request")
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5)), .request(.max(1)), .request(.max(1))])
        XCTAssertEqual(publisher.send(5), .max(1), "the demand left takes the next value straight on")
    }

    func testByRequestAsksForEverythingAndKeepsTheSubscribersDemand() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        publisher.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        for value in 1...4 { XCTAssertEqual(publisher.send(value), .none) }
        XCTAssertEqual(subscriber.values, [1, 2])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "nothing more is asked of the upstream")
    }

    func testTheDemandASubscriberReturnsIsKept() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: { $0 == 1 ? .max(2) : .none })
        publisher.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        for value in 1...5 { publisher.send(value) }
        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }

    func testTheStrategiesOfAFullBuffer() {
        func run(_ whenFull: Publishers.BufferingStrategy<TestFailure>) -> ([String], [RecordingSubscription.Entry]) {
            let publisher = RecordingPublisher<Int, TestFailure>()
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
            publisher.buffer(size: 3, prefetch: .byRequest, whenFull: whenFull).subscribe(subscriber)
            for value in 1...5 { XCTAssertEqual(publisher.send(value), .none) }
            XCTAssertEqual(subscriber.values, [])
            subscriber.subscription?.request(.max(3))
            subscriber.subscription?.request(.max(1))
            return (Array(subscriber.log.dropFirst()), publisher.subscription.log)
        }
        let newest = run(.dropNewest)
        XCTAssertEqual(newest.0, ["value(1)", "value(2)", "value(3)"])
        XCTAssertEqual(newest.1, [.request(.unlimited)])
        let oldest = run(.dropOldest)
        XCTAssertEqual(oldest.0, ["value(3)", "value(4)", "value(5)"])
        XCTAssertEqual(oldest.1, [.request(.unlimited)])
        var made = 0
        let failing = run(
            .customError {
                made += 1
                return .other
            })
        XCTAssertEqual(failing.0, ["value(1)", "value(2)", "value(3)", "failure(other)"])
        XCTAssertEqual(failing.1, [.request(.unlimited), .cancel], "the upstream is cancelled once, at the overflow")
        XCTAssertEqual(made, 1)
    }

    func testACustomErrorCancelsAtTheOverflowAndFailsAtTheNextRequest() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.buffer(size: 1, prefetch: .keepFull, whenFull: .customError { .boom }).subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)"])
        XCTAssertEqual(publisher.send(3), .none, "ignored after the overflow")
        subscriber.subscription?.request(.max(5))
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)", "value(1)", "failure(boom)"])
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(1)), .cancel, .request(.max(1))],
            "as Combine's: the value passed on is requested from the cancelled upstream, to keep the buffer full")
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(1)), .cancel, .request(.max(1))], "cancelled exactly once")
    }

    func testFinishedWaitsBehindTheValuesAndForDemand() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.send(2), .none, "a value after .finished is kept, as Combine keeps it")
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)", "value(1)", "value(2)"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
    }

    func testAnUpstreamFailureDropsTheValuesWaitingAndNeedsNoDemand() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)", "failure(boom)"], "a failure needs no demand")
        XCTAssertEqual(publisher.send(3), .none)
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)", "failure(boom)"])
    }

    func testAFailureFromInsideTheSubscriberEndsTheDelivery() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        subscriber.onValue = { _ in publisher.send(completion: .failure(.boom)) }
        publisher.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        for value in 1...5 { publisher.send(value) }
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(
            subscriber.log, ["subscription(Buffer)", "value(1)", "failure(boom)"],
            "the grammar holds: nothing after the failure")
    }

    func testEventsBeforeTheSubscriptionAreIgnoredAndASecondSubscriptionIsCancelled() {
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, [])
        publisher.send(subscription: publisher.subscription)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        publisher.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)", "value(2)"])
    }

    func testCancelIsPassedOnceAndNothingFollows() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        publisher.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest).subscribe(subscriber)
        publisher.send(1)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        publisher.send(2)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Buffer)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(3)), .cancel])
    }

    func testARequestFromInsideTheSubscriberIsServedWithoutRecursion() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        var depth = 0
        var deepest = 0
        subscriber.onValue = { _ in
            depth += 1
            deepest = max(deepest, depth)
            subscriber.subscription?.request(.max(1))
            depth -= 1
        }
        publisher.buffer(size: 10, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        for value in 1...5 { publisher.send(value) }
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertEqual(deepest, 1, "calls into the subscriber never overlap")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(10)), .request(.max(5))])
        XCTAssertEqual(publisher.send(6), .max(1))
    }

    func testTheSubscriberIsKeptForTheSubscriptionsLifeAsCombinesIs() {
        let publisher = RecordingPublisher<Int, Never>()
        weak var released: RecordingSubscriber<Int, Never>?
        var subscription: Subscription?
        do {
            let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
            released = subscriber
            publisher.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
            subscription = subscriber.subscription
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released)
        publisher.send(completion: .finished)
        XCTAssertNotNil(released, "kept after the completion while its subscription is held, as in Combine")
        subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        subscription = nil
        publisher.reset()
        XCTAssertNil(released, "released with the subscription")
    }

    func testNameMirrorAndExactness() {
        let publisher = RecordingPublisher<Int, Never>()
        publisher.buffer(size: 4, prefetch: .keepFull, whenFull: .dropNewest).subscribe(
            RecordingSubscriber<Int, Never>(initial: .max(1)))
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(publisher.subscriberDescription, "Buffer")
        XCTAssertEqual(publisher.subscriberPlaygroundDescription, "Buffer")
        XCTAssertEqual(
            publisher.subscriberMirror?.children.map { "\($0.label ?? ""): \($0.value)" },
            ["values: [2]", "state: subscribed", "downstreamDemand: max(0)", "terminal: nil"])
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertTrue(subject.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).isExactOnEngine)
        XCTAssertFalse(subject.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest).isExactOnEngine)
        XCTAssertFalse(publisher.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).isExactOnEngine)
    }

    func testSinkOverAKeepFullBufferGetsEveryValueOfASubject() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).sink { values.append($0) }
        for value in 1...6 { subject.send(value) }
        XCTAssertEqual(values, [1, 2, 3, 4, 5, 6], "each value passed on is asked for again")
        cancellable.cancel()
    }
}
