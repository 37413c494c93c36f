import RivuletCombine
import TestSupport
import XCTest

/// `zip` on the demand path, as Combine's: the subscriber's requests go to every upstream; the
/// demand returned for a tuple goes back to the upstream whose value completed it and is
/// requested from the others; an upstream that finishes with nothing waiting ends the zip and
/// cancels the others (not itself); a failure cancels every upstream.
final class ZipDemandTests: RivuletTestCase {
    private typealias Upstream = RecordingPublisher<Int, TestFailure>

    func testAMaxTwoSubscriberAsksEveryUpstreamForTwo() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(2), perValue: .none)
        a.zip(b).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Zip)"])
        XCTAssertEqual(a.subscription.log, [.request(.max(2))])
        XCTAssertEqual(b.subscription.log, [.request(.max(2))])
        XCTAssertEqual(a.send(1), .none)
        XCTAssertEqual(a.send(2), .none)
        XCTAssertEqual(b.send(10), .none, "the subscriber's answer")
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "value((1, 10))"])
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(a.subscription.log, [.request(.max(2)), .request(.max(3))])
        XCTAssertEqual(b.subscription.log, [.request(.max(2)), .request(.max(3))])
        subscriber.subscription?.cancel()
    }

    func testTheDemandReturnedForATupleGoesBackToTheSideThatCompletedItAndToTheOthersAsARequest() {
        let (a, b, c) = (Upstream(), Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int, Int), TestFailure>(initial: .max(1), perValue: .max(1))
        a.zip(b, c).subscribe(subscriber)
        XCTAssertEqual(a.send(1), .none)
        XCTAssertEqual(c.send(3), .none)
        XCTAssertEqual(b.send(2), .max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "value((1, 2, 3))"])
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .request(.max(1))])
        XCTAssertEqual(b.subscription.log, [.request(.max(1))])
        XCTAssertEqual(c.subscription.log, [.request(.max(1)), .request(.max(1))])
        subscriber.subscription?.cancel()
    }

    func testARequestDuringTheTupleIsPassedOnAsCombineDoes() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(10), perValue: .none)
        subscriber.onValue = { _ in subscriber.subscription?.request(.max(666)) }
        a.zip(b).subscribe(subscriber)
        XCTAssertEqual(a.send(1), .none)
        XCTAssertEqual(b.send(1), .max(666), "returned to the side that completed the tuple")
        XCTAssertEqual(a.subscription.log, [.request(.max(10)), .request(.max(666))])
        XCTAssertEqual(b.subscription.log, [.request(.max(10))])
        subscriber.subscription?.cancel()
    }

    func testATupleThatFindsNoDemandWaitsForIt() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(1), perValue: .none)
        a.zip(b).subscribe(subscriber)
        a.send(1)
        a.send(2)
        b.send(10)
        XCTAssertEqual(b.send(20), .none)
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "value((1, 10))"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "value((1, 10))", "value((2, 20))"])
        subscriber.subscription?.cancel()
    }

    func testAnUpstreamThatFinishesWithNothingWaitingEndsTheZipAndCancelsTheOthersOnly() {
        for finishing in 0..<3 {
            let upstreams = [Upstream(), Upstream(), Upstream()]
            let subscriber = RecordingSubscriber<(Int, Int, Int), TestFailure>(initial: nil)
            upstreams[0].zip(upstreams[1], upstreams[2]).subscribe(subscriber)
            upstreams[(finishing + 1) % 3].send(5)
            upstreams[finishing].send(completion: .finished)
            XCTAssertEqual(subscriber.log, ["subscription(Zip)", "finished"], "no demand needed")
            for (index, upstream) in upstreams.enumerated() {
                XCTAssertEqual(
                    upstream.subscription.log, index == finishing ? [] : [.cancel],
                    "upstream \(index) when \(finishing) finishes")
            }
            subscriber.subscription?.cancel()
            XCTAssertEqual(upstreams[finishing].subscription.log, [], "a cancel after the end cancels nothing")
        }
    }

    func testAnUpstreamThatFinishesWithValuesWaitingEndsTheZipAfterItsLastTuple() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .unlimited)
        a.zip(b).subscribe(subscriber)
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        XCTAssertEqual(a.send(3), .none, "a value after its finish is ignored")
        XCTAssertEqual(subscriber.log, ["subscription(Zip)"])
        b.send(10)
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "value((1, 10))"])
        b.send(20)
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "value((1, 10))", "value((2, 20))", "finished"])
        XCTAssertEqual(a.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(b.subscription.log, [.request(.unlimited), .cancel])
    }

    func testTheFirstFailureCancelsEveryUpstreamTheFailingOneTooAndFails() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: nil)
        a.zip(b).subscribe(subscriber)
        a.send(1)
        b.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "failure(boom)"])
        XCTAssertEqual(a.subscription.log, [.cancel])
        XCTAssertEqual(b.subscription.log, [.cancel])
        a.send(completion: .failure(.other))
        b.send(2)
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(Zip)", "failure(boom)"])
        XCTAssertEqual(a.subscription.log, [.cancel])
    }

    func testCancelCancelsEveryLiveUpstreamOnceAndASecondSubscriptionIsCancelled() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(1))
        a.zip(b).subscribe(subscriber)
        let second = RecordingSubscription()
        a.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        b.send(5)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .cancel])
        a.send(1)
        XCTAssertEqual(subscriber.log, ["subscription(Zip)"])
    }

    func testALateUpstreamIsAskedForWhatWasRequestedSoFar() {
        let a = Upstream(subscribesAtOnce: false)
        let b = Upstream()
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(2))
        a.zip(b).subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        a.send(subscription: a.subscription)
        XCTAssertEqual(a.subscription.log, [.request(.max(3))])
        XCTAssertEqual(b.subscription.log, [.request(.max(2)), .request(.max(1))])
        subscriber.subscription?.cancel()
    }

    func testSynchronousUpstreamsAndTheTransformForms() {
        let pairs = RecordingSubscriber<(Int, Int), Never>(initial: .max(1), perValue: .max(1))
        [1, 2, 3].publisher.zip([10, 20].publisher).subscribe(pairs)
        XCTAssertEqual(pairs.log, ["subscription(Zip)", "value((1, 10))", "value((2, 20))", "finished"])

        let sums = RecordingSubscriber<Int, Never>(initial: .unlimited)
        [1, 2].publisher.zip([10, 20].publisher, [100, 200].publisher, [1000].publisher) { $0 + $1 + $2 + $3 }
            .subscribe(sums)
        XCTAssertEqual(sums.log, ["subscription(Zip)", "value(1111)", "finished"])

        let foreign = (Upstream(), Upstream())
        let mapped = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        foreign.0.zip(foreign.1) { $0 * $1 }.subscribe(mapped)
        XCTAssertEqual(foreign.0.subscriberDescription, "Zip")
        XCTAssertEqual(foreign.0.subscription.log, [.request(.max(1))])
        foreign.0.send(6)
        foreign.1.send(7)
        XCTAssertEqual(mapped.values, [42])
        mapped.subscription?.cancel()
    }

    func testNamesAndMirrors() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: nil)
        a.zip(b).subscribe(subscriber)
        XCTAssertEqual(subscriber.subscription.map { String(describing: $0) }, "Zip")
        XCTAssertEqual(subscriber.subscription.map { Mirror(reflecting: $0).children.count }, 0)
        XCTAssertEqual(b.subscriberDescription, "Zip")
        subscriber.subscription?.cancel()
    }

    func testTheSubscriberIsReleasedWhenTheUpstreamsAndItLetGo() {
        let (a, b) = (Upstream(), Upstream())
        weak var released: RecordingSubscriber<(Int, Int), TestFailure>?
        do {
            let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .unlimited)
            released = subscriber
            a.zip(b).subscribe(subscriber)
            a.send(completion: .finished)
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released)
        a.reset()
        b.reset()
        XCTAssertNil(released)
    }
}
