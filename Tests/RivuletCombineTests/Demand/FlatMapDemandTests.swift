import RivuletCombine
import TestSupport
import XCTest

/// `flatMap` on the demand path, as Combine documents it: the upstream is asked for
/// `maxPublishers` values and for one more as each inner publisher finishes; each inner publisher
/// is asked for one value at a time while the subscriber's demand is limited.
final class FlatMapDemandTests: RivuletTestCase {
    private typealias Inner = RecordingPublisher<Int, TestFailure>

    func testMaxPublishersIsWhatTheUpstreamIsAskedForAndAFinishedInnerAsksForOneMore() {
        let upstream = RecordingPublisher<Inner, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        upstream.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(FlatMap)"])
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1))])
        let first = Inner()
        XCTAssertEqual(upstream.send(first), .none)
        XCTAssertEqual(first.subscription.log, [.request(.max(1))], "one value at a time while demand is limited")
        XCTAssertEqual(first.send(10), .max(1), "delivered: the inner is asked for the next")
        first.send(completion: .finished)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1)), .request(.max(1))])
        XCTAssertEqual(first.subscriberDescription, "FlatMap")
        XCTAssertEqual(
            first.subscriberMirror?.children.map(\.label), ["parentSubscription"], "Combine's mirror of the inner side")
        XCTAssertEqual(
            first.subscriberMirror.flatMap { $0.children.first.map { "\($0.value)" } },
            (upstream.rawSubscriber as? CustomCombineIdentifierConvertible).map { "\($0.combineIdentifier)" })
        subscriber.subscription?.cancel()
    }

    func testACompletionBeforeTheUpstreamsSubscriptionIsPassedOnAsCombineDoes() {
        let upstream = RecordingPublisher<Inner, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.flatMap { $0 }.subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(FlatMap)"], "handed down at once")
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(FlatMap)", "finished"])
        upstream.send(subscription: upstream.subscription)
        XCTAssertEqual(upstream.subscription.log, [.cancel], "the subscription after the end is refused")
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.log.count, 2)
    }

    func testValuesWithoutDemandWaitAndEachDeliveredOneAsksItsInnerForAnother() {
        let upstream = RecordingPublisher<Inner, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .none)
        upstream.flatMap { $0 }.subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        let inner = Inner()
        upstream.send(inner)
        XCTAssertEqual(inner.send(1), .max(1))
        XCTAssertEqual(inner.send(2), .none, "no demand: it waits")
        XCTAssertEqual(inner.send(3), .none)
        XCTAssertEqual(subscriber.values, [1])
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(inner.subscription.log, [.request(.max(1)), .request(.max(1)), .request(.max(1))])
        subscriber.subscription?.cancel()
    }

    func testUnlimitedDemandAsksTheInnersForEverything() {
        let upstream = RecordingPublisher<Inner, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.flatMap { $0 }.subscribe(subscriber)
        let early = Inner()
        upstream.send(early)
        subscriber.subscription?.request(.unlimited)
        XCTAssertEqual(early.subscription.log, [.request(.max(1)), .request(.unlimited)])
        let late = Inner()
        upstream.send(late)
        XCTAssertEqual(late.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(late.send(1), .none)
        subscriber.subscription?.cancel()
    }

    func testCancelCancelsTheInnersThenTheUpstreamOnce() {
        let upstream = RecordingPublisher<Inner, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(3))
        upstream.flatMap { $0 }.subscribe(subscriber)
        let inners = [Inner(), Inner()]
        for inner in inners { upstream.send(inner) }
        var order: [String] = []
        inners[0].subscription.onCancel = { order.append("inner 0") }
        inners[1].subscription.onCancel = { order.append("inner 1") }
        upstream.subscription.onCancel = { order.append("upstream") }
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(order.last, "upstream", "the inners first, as Combine does")
        XCTAssertEqual(Set(order), ["inner 0", "inner 1", "upstream"])
        XCTAssertEqual(order.count, 3, "each exactly once")
    }

    func testAnInnerFailureCancelsTheOthersAndTheUpstreamAndFails() {
        let upstream = RecordingPublisher<Inner, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        upstream.flatMap { $0 }.subscribe(subscriber)
        let (failing, other) = (Inner(), Inner())
        upstream.send(failing)
        upstream.send(other)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(other.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(FlatMap)", "failure(boom)"])
    }

    func testTheCompletionWaitsForTheInnersAndTheValuesThatWait() {
        let upstream = RecordingPublisher<Inner, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        upstream.flatMap { $0 }.subscribe(subscriber)
        let inner = Inner()
        upstream.send(inner)
        upstream.send(completion: .finished)
        inner.send(5)
        inner.send(completion: .finished)
        XCTAssertEqual(
            subscriber.log, ["subscription(FlatMap)"], "the value waits for demand, the completion behind it")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(FlatMap)", "value(5)", "finished"])
    }

    func testOnePublisherAtATimeKeepsTheOrderOfASynchronousChain() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: .max(1))
        (1...4).publisher.flatMap(maxPublishers: .max(1)) { value in [value, value * 10].publisher }
            .subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 10, 2, 20, 3, 30, 4, 40])
        XCTAssertEqual(subscriber.completions.count, 1)
    }

    func testALimitedFlatMapOverASubjectDropsWhatFindsNoDemandAsCombineDoes() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var promises: [Future<Int, Never>.Promise] = []
        let cancellable = subject.flatMap(maxPublishers: .max(1)) { value in
            Future<Int, Never> { promise in promises.append(promise) }.map { $0 + value }
        }.sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(promises.count, 1, "the subject was asked for one value: 2 found no demand")
        promises[0](.success(100))
        subject.send(3)
        XCTAssertEqual(promises.count, 2)
        promises[1](.success(200))
        XCTAssertEqual(received, [101, 203])
        cancellable.cancel()
    }
}
