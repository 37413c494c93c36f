import TestSupport
import XCTest

@testable import RivuletCombine

/// `combineLatest` on the demand path, as Combine's: each request goes to every upstream at once;
/// a combination that finds no demand is dropped; it finishes once every upstream has finished; a
/// failure cancels the other upstreams, not the failing one.
final class CombineLatestDemandTests: RivuletTestCase {
    private typealias Upstream = RecordingPublisher<Int, TestFailure>

    func testAMaxTwoSubscriberAsksEveryUpstreamForTwoAndValuesReturnNothing() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(2), perValue: .none)
        a.combineLatest(b).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)"])
        XCTAssertEqual(a.subscription.log, [.request(.max(2))])
        XCTAssertEqual(b.subscription.log, [.request(.max(2))])
        XCTAssertEqual(a.send(1), .none)
        XCTAssertEqual(b.send(10), .none)
        XCTAssertEqual(a.send(2), .none)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "value((1, 10))", "value((2, 10))"])
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(a.subscription.log, [.request(.max(2)), .request(.max(3))])
        XCTAssertEqual(b.subscription.log, [.request(.max(2)), .request(.max(3))])
        subscriber.subscription?.cancel()
    }

    func testARequestDuringACombinationGoesToEveryUpstreamAtOnce() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(10), perValue: .none)
        subscriber.onValue = { _ in subscriber.subscription?.request(.max(666)) }
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        XCTAssertEqual(b.send(1), .none)
        XCTAssertEqual(a.subscription.log, [.request(.max(10)), .request(.max(666))])
        XCTAssertEqual(b.subscription.log, [.request(.max(10)), .request(.max(666))])
        subscriber.subscription?.cancel()
    }

    func testTheDemandReturnedForACombinationIsRequestedFromEveryUpstream() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(1), perValue: .max(1))
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        XCTAssertEqual(b.send(2), .none)
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .request(.max(1))])
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .request(.max(1))])
        subscriber.subscription?.cancel()
    }

    func testACombinationWithoutDemandIsDroppedAndARequestSendsNothingUntilTheNextValue() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(1))
        a.combineLatest(b).subscribe(subscriber)
        a.send(100)
        b.send(1)
        a.send(200)
        a.send(300)
        b.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "value((100, 1))"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "value((100, 1))"], "as Combine's")
        b.send(3)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "value((100, 1))", "value((300, 3))"])
        subscriber.subscription?.cancel()
    }

    func testItFinishesOnlyOnceEveryUpstreamHasFinishedAndCancelsNothing() {
        let (a, b, c) = (Upstream(), Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int, Int), TestFailure>(initial: .unlimited)
        a.combineLatest(b, c).subscribe(subscriber)
        a.send(completion: .finished)
        b.send(1)
        c.send(2)
        b.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)"], "no combination can come, but it waits")
        XCTAssertEqual(a.send(9), .none, "a value after its finish is ignored")
        c.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "finished"])
        for upstream in [a, b, c] { XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)]) }
    }

    func testAFailureCancelsTheOtherUpstreamsButNotTheFailingOne() {
        let (a, b, c) = (Upstream(), Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int, Int), TestFailure>(initial: nil)
        a.combineLatest(b, c).subscribe(subscriber)
        c.send(completion: .finished)
        b.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "failure(boom)"], "no demand needed")
        XCTAssertEqual(a.subscription.log, [.cancel])
        XCTAssertEqual(b.subscription.log, [])
        XCTAssertEqual(c.subscription.log, [], "a finished upstream is not cancelled")
        a.send(1)
        a.send(completion: .failure(.other))
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)", "failure(boom)"])
        XCTAssertEqual(a.subscription.cancelCount, 1)
    }

    func testCancelCancelsEveryLiveUpstreamOnceAndASecondSubscriptionIsCancelled() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .max(1))
        a.combineLatest(b).subscribe(subscriber)
        let second = RecordingSubscription()
        b.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .cancel])
        a.send(1)
        b.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(CombineLatest)"])
    }

    func testSynchronousUpstreamsAndTheTransformForms() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        [1, 2].publisher.combineLatest([10, 20].publisher, [100].publisher, [1000].publisher) { $0 + $1 + $2 + $3 }
            .subscribe(subscriber)
        XCTAssertEqual(
            subscriber.log, ["subscription(CombineLatest)", "value(1122)", "finished"],
            "the last upstream's value meets the others' latest")

        let (a, b) = (Upstream(), Upstream())
        let mapped = RecordingSubscriber<Int, TestFailure>(initial: .max(5))
        a.combineLatest(b) { $0 * $1 }.subscribe(mapped)
        XCTAssertEqual(a.subscriberDescription, "CombineLatest")
        a.send(6)
        b.send(7)
        XCTAssertEqual(mapped.values, [42])
        mapped.subscription?.cancel()
    }

    func testSinkTakesTheDemandPathAndWaitsForEveryUpstreamAsCombineDoes() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let publisher = a.combineLatest(b)
        XCTAssertFalse(publisher.isExactOnEngine)
        var log: [String] = []
        let cancellable = publisher.sink(receiveCompletion: { _ in log.append("finished") }) {
            log.append("\($0)")
        }
        a.send(completion: .finished)
        b.send(1)
        XCTAssertEqual(log, [], "the engine's combineLatest would have finished here")
        b.send(completion: .finished)
        XCTAssertEqual(log, ["finished"])
        cancellable.cancel()
    }

    func testNamesAndMirrors() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: nil)
        a.combineLatest(b).subscribe(subscriber)
        XCTAssertEqual(subscriber.subscription.map { String(describing: $0) }, "CombineLatest")
        XCTAssertEqual(subscriber.subscription.map { Mirror(reflecting: $0).children.count }, 0)
        XCTAssertEqual(b.subscriberDescription, "CombineLatest")
        subscriber.subscription?.cancel()
    }

    func testTheSubscriberIsReleasedWhenTheUpstreamsAndItLetGo() {
        let (a, b) = (Upstream(), Upstream())
        weak var released: RecordingSubscriber<(Int, Int), TestFailure>?
        do {
            let subscriber = RecordingSubscriber<(Int, Int), TestFailure>(initial: .unlimited)
            released = subscriber
            a.combineLatest(b).subscribe(subscriber)
            subscriber.subscription?.cancel()
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released)
        a.reset()
        b.reset()
        XCTAssertNil(released)
    }
}
