import RivuletCombine
import TestSupport
import XCTest

/// `switchToLatest` on the demand path, as Combine's: the upstream is asked for everything, the
/// current inner publisher for the subscriber's outstanding demand and each request after it; a
/// new inner publisher cancels the previous one exactly once.
final class SwitchToLatestDemandTests: RivuletTestCase {
    private typealias Inner = RecordingPublisher<Int, TestFailure>
    private typealias Outer = RecordingPublisher<Inner, TestFailure>

    func testAMaxTwoSubscriberAsksTheUpstreamForEverythingAndTheInnerForTwo() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        upstream.switchToLatest().subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)"])
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(upstream.subscriberDescription, "SwitchToLatest")
        let inner = Inner()
        XCTAssertEqual(upstream.send(inner), .none)
        XCTAssertEqual(inner.subscription.log, [.request(.max(2))])
        XCTAssertEqual(inner.subscriberDescription, "SwitchToLatest")
        XCTAssertEqual(inner.send(1), .none, "the subscriber's answer")
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(inner.subscription.log, [.request(.max(2)), .request(.max(3))], "each request goes on")
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        subscriber.subscription?.cancel()
    }

    func testANewInnerCancelsThePreviousExactlyOnceAndIsAskedForWhatIsOutstanding() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(5))
        upstream.switchToLatest().subscribe(subscriber)
        let (first, second, third) = (Inner(), Inner(), Inner())
        upstream.send(first)
        first.send(1)
        var order: [String] = []
        first.subscription.onCancel = { order.append("cancel first") }
        second.subscription.onRequest = { _ in order.append("request second") }
        upstream.send(second)
        XCTAssertEqual(order, ["cancel first", "request second"], "the previous inner goes before the next starts")
        XCTAssertEqual(first.subscription.log, [.request(.max(5)), .cancel])
        XCTAssertEqual(second.subscription.log, [.request(.max(4))])
        XCTAssertEqual(first.send(9), .none, "a previous inner's value is dropped")
        first.send(completion: .failure(.boom))
        second.send(2)
        upstream.send(third)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)", "value(1)", "value(2)"])
        XCTAssertEqual(first.subscription.cancelCount, 1)
        XCTAssertEqual(second.subscription.log, [.request(.max(4)), .cancel])
        XCTAssertEqual(third.subscription.log, [.request(.max(3)), .cancel])
    }

    func testTheDemandAValueReturnsGoesToTheInnerAndCountsForTheNextOne() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil, perValue: .max(5))
        upstream.switchToLatest().subscribe(subscriber)
        let first = Inner()
        upstream.send(first)
        XCTAssertEqual(first.subscription.log, [], "no demand: nothing asked")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(first.subscription.log, [.request(.max(1))])
        first.send(completion: .finished)
        subscriber.subscription?.request(.max(41))
        XCTAssertEqual(first.subscription.log, [.request(.max(1))], "a finished inner is asked nothing")
        let second = Inner()
        upstream.send(second)
        XCTAssertEqual(second.subscription.log, [.request(.max(42))], "the outstanding demand")
        XCTAssertEqual(second.send(1), .max(5))
        XCTAssertEqual(second.send(2), .max(5))
        let third = Inner()
        upstream.send(third)
        XCTAssertEqual(third.subscription.log, [.request(.max(50))], "42 - 2 + 5 + 5")
        subscriber.subscription?.cancel()
    }

    func testAnInnerSubscriptionThatArrivesAfterTheSwitchIsCancelledOnce() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.switchToLatest().subscribe(subscriber)
        let late = Inner(subscribesAtOnce: false)
        let next = Inner()
        upstream.send(late)
        upstream.send(next)
        late.send(subscription: late.subscription)
        XCTAssertEqual(late.subscription.log, [.cancel])
        let another = RecordingSubscription()
        next.send(subscription: another)
        XCTAssertEqual(another.log, [.cancel], "a second subscription for the current inner")
        subscriber.subscription?.cancel()
        XCTAssertEqual(late.subscription.log, [.cancel])
        XCTAssertEqual(next.subscription.log, [.request(.max(1)), .cancel])
    }

    func testTheFinishWaitsForTheCurrentInnerEitherWayRound() {
        for innerFirst in [false, true] {
            let upstream = Outer()
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
            upstream.switchToLatest().subscribe(subscriber)
            let inner = Inner()
            upstream.send(inner)
            if innerFirst {
                inner.send(completion: .finished)
                XCTAssertEqual(subscriber.completions.count, 0)
                upstream.send(completion: .finished)
            } else {
                upstream.send(completion: .finished)
                XCTAssertEqual(subscriber.completions.count, 0, "the inner is still live")
                inner.send(3)
                inner.send(completion: .finished)
            }
            XCTAssertEqual(subscriber.log.last, "finished")
            XCTAssertEqual(subscriber.completions.count, 1)
            XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)], "nothing is cancelled")
            XCTAssertEqual(inner.subscription.log, [.request(.unlimited)])
        }
    }

    func testTheUpstreamsFailureCancelsTheInnerAndFails() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        upstream.send(inner)
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(inner.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        inner.send(1)
        inner.send(completion: .finished)
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)", "failure(boom)"])
        XCTAssertEqual(inner.subscription.cancelCount, 1)
    }

    func testAnInnerSubscriptionThatArrivesAfterTheUpstreamFailedIsAskedForTheOutstandingDemand() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        upstream.switchToLatest().subscribe(subscriber)
        let inner = Inner(subscribesAtOnce: false)
        upstream.send(inner)
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)", "failure(boom)"])
        inner.send(subscription: inner.subscription)
        XCTAssertEqual(
            inner.subscription.log, [.request(.unlimited)], "as Combine's: the failure found nothing to cancel")
        inner.send(1)
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)", "failure(boom)"])
    }

    func testASubscriptionForTheCurrentInnerAfterItCompletedIsIgnored() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        upstream.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        upstream.send(inner)
        let second = RecordingSubscription()
        inner.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel], "a second subscription of a live inner is refused")
        inner.send(completion: .finished)
        let late = RecordingSubscription()
        inner.send(subscription: late)
        XCTAssertEqual(late.log, [], "as Combine's: neither taken nor cancelled")
        XCTAssertEqual(
            inner.subscriberMirror?.children.first?.label, "parentSubscription", "Combine's mirror of the inner side")
        XCTAssertEqual(
            inner.subscriberMirror.flatMap { $0.children.first.map { "\($0.value)" } },
            (upstream.rawSubscriber as? CustomCombineIdentifierConvertible).map { "\($0.combineIdentifier)" })
        subscriber.subscription?.cancel()
    }

    func testAnInnerFailureCancelsTheUpstreamAndFails() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(1))
        upstream.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        upstream.send(inner)
        XCTAssertEqual(inner.send(1), .max(1))
        inner.send(completion: .failure(.boom))
        inner.send(completion: .failure(.other))
        XCTAssertEqual(inner.send(2), .none)
        upstream.send(Inner())
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)", "value(1)", "failure(boom)"])
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(inner.subscription.log, [.request(.max(1))], "the failed inner is not cancelled")
    }

    func testCancelCancelsTheInnerThenTheUpstreamOnce() {
        let upstream = Outer()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(42))
        upstream.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        upstream.send(inner)
        var order: [String] = []
        inner.subscription.onCancel = { order.append("inner") }
        upstream.subscription.onCancel = { order.append("upstream") }
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(order, ["inner", "upstream"])
        let ignored = Inner()
        XCTAssertEqual(upstream.send(ignored), .none)
        XCTAssertEqual(ignored.subscriberCount, 0, "nothing is subscribed after the cancel")
        XCTAssertEqual(inner.send(1), .none)
        XCTAssertEqual(subscriber.log, ["subscription(SwitchToLatest)"])
    }

    func testEventsBeforeTheSubscriptionAndASecondSubscription() {
        let upstream = Outer(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        upstream.switchToLatest().subscribe(subscriber)
        let early = Inner()
        XCTAssertEqual(upstream.send(early), .none)
        XCTAssertEqual(early.subscriberCount, 0, "a value before the subscription is ignored")
        upstream.send(subscription: upstream.subscription)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        subscriber.subscription?.cancel()

        let finishing = Outer(subscribesAtOnce: false)
        let other = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        finishing.switchToLatest().subscribe(other)
        finishing.send(completion: .finished)
        XCTAssertEqual(other.log, ["subscription(SwitchToLatest)", "finished"], "as Combine's: passed on")
        finishing.send(subscription: finishing.subscription)
        XCTAssertEqual(finishing.subscription.log, [.cancel])
    }

    func testASynchronousChainSwitchesAsItGoes() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: .max(1))
        (1...3).publisher.map { ($0 * 10...$0 * 10 + 2).publisher }.switchToLatest().subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [10, 11, 12, 20, 21, 22, 30, 31, 32])
        XCTAssertEqual(subscriber.completions.count, 1)
    }

    func testTheMixedFailureOverloadsSwitchOnTheDemandPath() {
        let never = RecordingPublisher<Inner, Never>()
        let failing = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        never.switchToLatest().subscribe(failing)
        let inner = Inner()
        never.send(inner)
        XCTAssertEqual(inner.subscription.log, [.request(.max(1))])
        failing.subscription?.cancel()
        XCTAssertEqual(inner.subscription.log, [.request(.max(1)), .cancel])

        let outer = RecordingPublisher<RecordingPublisher<Int, Never>, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        let quiet = RecordingPublisher<Int, Never>()
        outer.send(quiet)
        XCTAssertEqual(quiet.subscription.log, [.request(.max(2))])
        outer.send(RecordingPublisher<Int, Never>())
        XCTAssertEqual(quiet.subscription.log, [.request(.max(2)), .cancel])
        subscriber.subscription?.cancel()
    }

    func testTheSubscriberIsReleasedWhenTheUpstreamsAndItLetGo() {
        let upstream = Outer()
        let inner = Inner()
        weak var released: RecordingSubscriber<Int, TestFailure>?
        do {
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
            released = subscriber
            upstream.switchToLatest().subscribe(subscriber)
            upstream.send(inner)
            subscriber.subscription?.cancel()
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released, "kept while its upstreams hold the operator, as Combine does")
        upstream.reset()
        inner.reset()
        XCTAssertNil(released)
    }
}
