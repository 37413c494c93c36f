import RivuletCombine
import TestSupport
import XCTest

/// `merge` on the demand path, as Combine's: the subscriber gets a `Merge` subscription before the
/// upstreams are subscribed; each upstream is asked for one value at a time while the subscriber's
/// demand is limited; a value that finds no demand waits, one per upstream; the merge finishes
/// once as many finishes as upstreams have arrived, and the first failure cancels every upstream.
final class MergeDemandTests: RivuletTestCase {
    private typealias Upstream = RecordingPublisher<Int, TestFailure>

    func testAMaxTwoSubscriberAsksEachUpstreamForOneValueAtATime() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        a.merge(with: b).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Merge)"])
        XCTAssertEqual(a.subscription.log, [.request(.max(1))])
        XCTAssertEqual(b.subscription.log, [.request(.max(1))])
        XCTAssertEqual(a.send(1), .max(1), "delivered: one more from the same upstream")
        XCTAssertEqual(b.send(2), .max(1))
        XCTAssertEqual(a.send(3), .none, "no demand left: it waits")
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertEqual(a.subscription.log, [.request(.max(1))], "the demand was returned, not requested")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(
            a.subscription.log, [.request(.max(1)), .request(.max(1))], "the waiting value asks for one more")
        XCTAssertEqual(b.subscription.log, [.request(.max(1))])
        subscriber.subscription?.cancel()
    }

    func testEveryArityAsksEachOfItsUpstreamsForOneValue() {
        for arity in 2...9 {
            let upstreams = (0..<arity).map { _ in Upstream() }
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
            let publisher: AnyPublisher<Int, TestFailure>
            let u = upstreams
            switch arity {
            case 2: publisher = u[0].merge(with: u[1]).eraseToAnyPublisher()
            case 3: publisher = u[0].merge(with: u[1], u[2]).eraseToAnyPublisher()
            case 4: publisher = u[0].merge(with: u[1], u[2], u[3]).eraseToAnyPublisher()
            case 5: publisher = u[0].merge(with: u[1], u[2], u[3], u[4]).eraseToAnyPublisher()
            case 6: publisher = u[0].merge(with: u[1], u[2], u[3], u[4], u[5]).eraseToAnyPublisher()
            case 7: publisher = u[0].merge(with: u[1], u[2], u[3], u[4], u[5], u[6]).eraseToAnyPublisher()
            case 8: publisher = u[0].merge(with: u[1], u[2], u[3], u[4], u[5], u[6], u[7]).eraseToAnyPublisher()
            default: publisher = Publishers.MergeMany(u).eraseToAnyPublisher()
            }
            publisher.subscribe(subscriber)
            for (index, upstream) in upstreams.enumerated() {
                XCTAssertEqual(upstream.subscription.log, [.request(.max(1))], "arity \(arity), upstream \(index)")
                XCTAssertEqual(upstream.subscriberDescription, "Merge", "arity \(arity)")
            }
            for (index, upstream) in upstreams.enumerated() { upstream.send(index) }
            XCTAssertEqual(subscriber.values, [0, 1], "arity \(arity)")
            for (index, upstream) in upstreams.enumerated() { upstream.send(10 + index) }
            for upstream in upstreams { upstream.send(completion: .finished) }
            XCTAssertEqual(subscriber.completions.count, 0, "arity \(arity): the waiting values come first")
            subscriber.subscription?.request(.unlimited)
            XCTAssertEqual(
                subscriber.values, [0, 1] + (0..<arity).map { 10 + $0 },
                "arity \(arity): each upstream's latest waiting value, in upstream order")
            XCTAssertEqual(subscriber.completions.count, 1, "arity \(arity)")
        }
    }

    func testUnlimitedDemandAsksEveryUpstreamForEverything() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        a.merge(with: b).subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .request(.unlimited)])
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .request(.unlimited)])
        XCTAssertEqual(a.send(1), .none)
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .request(.unlimited)], "unlimited stays unlimited")
        let late = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        let (c, d) = (Upstream(), Upstream())
        c.merge(with: d).subscribe(late)
        XCTAssertEqual(c.subscription.log, [.request(.unlimited)], "asked before the upstreams were subscribed")
        XCTAssertEqual(d.subscription.log, [.request(.unlimited)])
        subscriber.subscription?.cancel()
        late.subscription?.cancel()
    }

    func testOneValuePerUpstreamWaitsAndALaterOneReplacesItThenTheyGoInUpstreamOrder() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        a.merge(with: b).subscribe(subscriber)
        XCTAssertEqual(b.send(1), .none)
        XCTAssertEqual(a.send(2), .none)
        XCTAssertEqual(a.send(3), .none)
        XCTAssertEqual(subscriber.values, [])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [3], "the first upstream's latest value first")
        subscriber.subscription?.request(.max(5))
        XCTAssertEqual(subscriber.values, [3, 1])
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .request(.max(1))])
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .request(.max(1))])
        subscriber.subscription?.cancel()
    }

    func testARequestFromInsideReceiveIsServedAfterItReturnsInOrder() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        subscriber.onValue = { _ in subscriber.subscription?.request(.max(1)) }
        a.merge(with: b).subscribe(subscriber)
        a.send(1)
        b.send(2)
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertEqual(a.send(3), .max(1), "the demand requested during the last value is there")
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        subscriber.subscription?.cancel()
    }

    func testSynchronousUpstreamsSendAsTheyAreAsked() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        [1, 2].publisher.merge(with: [3, 4].publisher).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Merge)", "value(1)", "value(2)"])
        subscriber.subscription?.request(.max(5))
        XCTAssertEqual(
            subscriber.log, ["subscription(Merge)", "value(1)", "value(2)", "value(3)", "value(4)", "finished"])
    }

    func testTheMergeFinishesWhenEveryUpstreamHasFinishedAndNotBefore() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        a.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Merge)"])
        b.send(1)
        b.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Merge)", "value(1)", "finished"])
        XCTAssertEqual(a.subscription.log, [.request(.unlimited)], "a finished upstream is not cancelled")
        XCTAssertEqual(b.subscription.log, [.request(.unlimited)])
    }

    func testCombineCountsFinishesNotUpstreamsAndPassesOnLaterValues() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        a.send(completion: .finished)
        a.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Merge)", "finished"], "two finishes for two upstreams")
        b.send(7)
        XCTAssertEqual(
            subscriber.log, ["subscription(Merge)", "finished", "value(7)"],
            "as Combine's, a value after the finish still goes through while there is demand")
        b.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.completions.count, 1, "one completion")
    }

    func testTheFirstFailureCancelsEveryUpstreamOnceAndDropsWhatWaits() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        a.merge(with: b).subscribe(subscriber)
        b.send(9)
        a.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(Merge)", "failure(boom)"], "the failure needs no demand")
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .cancel], "the failing upstream too, as Combine")
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .cancel])
        b.send(completion: .failure(.other))
        b.send(3)
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(Merge)", "failure(boom)"])
        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 1)
    }

    func testCancelCancelsEveryUpstreamOnceAndNothingArrivesAfterwards() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(3))
        a.merge(with: b).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(a.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(b.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(a.send(1), .none)
        b.send(completion: .finished)
        a.send(completion: .failure(.boom))
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Merge)"])
    }

    func testASecondSubscriptionAndOneAfterTheCancelAreCancelled() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        a.merge(with: b).subscribe(subscriber)
        let second = RecordingSubscription()
        a.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        XCTAssertEqual(a.subscription.log, [.request(.max(1))])
        subscriber.subscription?.cancel()
        let third = RecordingSubscription()
        b.send(subscription: third)
        XCTAssertEqual(third.log, [.cancel])
    }

    func testAnUpstreamThatSubscribesLateIsAskedForWhatTheDemandIsThen() {
        let a = Upstream(subscribesAtOnce: false)
        let b = Upstream()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        a.merge(with: b).subscribe(subscriber)
        XCTAssertEqual(a.subscription.log, [])
        XCTAssertEqual(b.subscription.log, [.request(.max(1))])
        subscriber.subscription?.request(.unlimited)
        a.send(subscription: a.subscription)
        XCTAssertEqual(a.subscription.log, [.request(.unlimited)])
        subscriber.subscription?.cancel()
        XCTAssertEqual(a.subscription.log, [.request(.unlimited), .cancel])
    }

    func testNamesAndMirrors() {
        let (a, b) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        a.merge(with: b).subscribe(subscriber)
        let subscription = try? XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(subscription.map { String(describing: $0) }, "Merge")
        XCTAssertEqual(subscription.map { Mirror(reflecting: $0).children.count }, 0)
        XCTAssertEqual(a.subscriberDescription, "Merge")
        XCTAssertEqual(a.subscriberPlaygroundDescription, "Merge")
        let children = a.subscriberMirror.map { Array($0.children) } ?? []
        XCTAssertEqual(children.map(\.label), ["parentSubscription"])
        XCTAssertEqual(children.first?.value as? CombineIdentifier, subscription?.combineIdentifier)
        subscriber.subscription?.cancel()
    }

    func testTheSubscriberIsReleasedWhenTheUpstreamsAndItLetGo() {
        let (a, b) = (Upstream(), Upstream())
        weak var released: RecordingSubscriber<Int, TestFailure>?
        do {
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
            released = subscriber
            a.merge(with: b).subscribe(subscriber)
            a.send(completion: .finished)
            b.send(completion: .finished)
            XCTAssertEqual(subscriber.completions.count, 1)
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(released, "the merge keeps its subscriber while the upstreams hold it, as Combine's")
        a.reset()
        b.reset()
        XCTAssertNil(released)
    }

    func testTheEnginePathTakesAMergeOfRivuletPublishersOnly() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let foreign = Upstream()
        var received: [Int] = []
        let cancellable = subject.merge(with: foreign).sink(receiveCompletion: { _ in }) { received.append($0) }
        XCTAssertEqual(foreign.subscription.log, [.request(.unlimited)], "a foreign upstream: the demand path")
        XCTAssertEqual(foreign.subscriberDescription, "Merge")
        subject.send(1)
        foreign.send(2)
        XCTAssertEqual(received, [1, 2])
        cancellable.cancel()
        XCTAssertEqual(foreign.subscription.log, [.request(.unlimited), .cancel])
    }
}
