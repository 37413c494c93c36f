import RivuletCombine
import TestSupport
import XCTest

/// `prefix(_:)`, `output(at:)`, `output(in:)` and `collect(_:)` on the demand path, as Combine
/// documents them.
final class LimitingDemandTests: RivuletTestCase {
    func testPrefixPassesDemandThroughAndCancelsOnceAfterTheLastValue() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(5), perValue: .max(1))
        publisher.prefix(2).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5))], "the demand goes upstream unchanged")
        XCTAssertEqual(publisher.send(1), .max(1), "the downstream's demand is returned")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5))])
        XCTAssertEqual(publisher.send(2), .max(1))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5)), .cancel], "cancelled after the second value")
        XCTAssertEqual(publisher.send(3), .none, "after the end a value is ignored")
        publisher.send(completion: .finished)
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5)), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "value(1)", "value(2)", "finished"])
    }

    func testPrefixForwardsTheUpstreamsEndBeforeTheCountIsReached() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(1))
        publisher.prefix(3).subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "value(1)", "failure(boom)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1))], "an ended upstream is not cancelled")
    }

    func testOutputAtAsksForOneMorePerSkippedValue() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: .max(4))
        publisher.output(at: 2).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1))])
        XCTAssertEqual(publisher.send(10), .max(1), "a skipped value is replaced")
        XCTAssertEqual(publisher.send(11), .max(1))
        XCTAssertEqual(publisher.send(12), .max(4))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "value(12)", "finished"])
    }

    func testOutputInARangeSendsThatRange() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.output(in: 1...2).subscribe(subscriber)
        for value in 0..<5 { publisher.send(value) }
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    func testAnEmptyRangeEndsAtTheFirstValueWithoutSendingIt() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        publisher.prefix(0).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Output)"])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .cancel])
    }

    func testPrefixIgnoresWhatComesBeforeItsSubscriptionAndCancelsASecondOne() {
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(3))
        publisher.prefix(1).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, [], "nothing before the subscription")
        publisher.send(subscription: publisher.subscription)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        publisher.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "value(2)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(3)), .cancel])
    }

    func testACancelFromInsideTheLastValueCancelsTheUpstreamOnceAndStopsTheFinished() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2))
        subscriber.onValue = { _ in subscriber.subscription?.cancel() }
        publisher.prefix(1).subscribe(subscriber)
        publisher.send(1)
        XCTAssertEqual(subscriber.log, ["subscription(Output)", "value(1)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        subscriber.onValue = nil
    }

    // MARK: - collect(_:)

    func testCollectByCountAsksForCountValuesPerArray() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<[Int], TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.collect(3).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(6))])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.send(3), .max(3), "the downstream's .max(1) is three values")
        XCTAssertEqual(publisher.send(4), .none)
        subscriber.subscription?.request(.max(2))
        subscriber.subscription?.request(.none)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(6)), .request(.max(6))], "a .none is not passed on")
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(CollectByCount)", "value([1, 2, 3])", "value([4])", "finished"])
        publisher.send(completion: .finished)
        publisher.send(5)
        XCTAssertEqual(subscriber.log.count, 4, "nothing after the end")
        XCTAssertEqual(
            publisher.subscriberMirror?.children.map(\.label),
            ["downstream", "upstreamSubscription", "buffer", "count"])
    }

    func testCollectByCountDropsTheRestOnAFailureAndOnACancel() {
        let failing = RecordingPublisher<Int, TestFailure>()
        let failed = RecordingSubscriber<[Int], TestFailure>(initial: .unlimited)
        failing.collect(2).subscribe(failed)
        XCTAssertEqual(failing.subscription.log, [.request(.unlimited)])
        failing.send(1)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.log, ["subscription(CollectByCount)", "failure(boom)"])

        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<[Int], TestFailure>(initial: .max(1))
        publisher.collect(2).subscribe(subscriber)
        publisher.send(1)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        publisher.send(2)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(
            subscriber.log, ["subscription(CollectByCount)", "finished"],
            "as Combine's: the upstream's completion after the cancel passes on, once, without what was collected")
    }
}
