@testable import RivuletCombine
import TestSupport
import XCTest

/// `measureInterval(using:)` on the demand path, as Combine documents it: a subscription of its
/// own that passes demand straight through and sends the time since the previous value (the first:
/// since the subscription).
final class MeasureIntervalDemandTests: RivuletTestCase {
    func testAMaxTwoSubscriberAsksTheUpstreamForTwoAndGetsTheIntervals() {
        let scheduler = CombineTestScheduler()
        scheduler.advance(by: .nanoseconds(3))
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, TestFailure>(
            initial: .max(2), perValue: { $0.nanoseconds == 11 ? .max(1) : .none })
        publisher.measureInterval(using: scheduler).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(MeasureInterval)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        scheduler.advance(by: .nanoseconds(11))
        XCTAssertEqual(publisher.send(1), .none, "as Combine's: the subscriber's demand is requested, not returned")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(1))])
        scheduler.advance(by: .nanoseconds(3))
        XCTAssertEqual(publisher.send(2), .none)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.send(3), .none)
        XCTAssertEqual(
            subscriber.log, ["subscription(MeasureInterval)", "value(11 ns)", "value(3 ns)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(1))])
    }

    func testRequestsPassThroughAndCancelIsPassedOnce() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, Never>(initial: nil)
        publisher.measureInterval(using: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        subscriber.subscription?.request(.unlimited)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(3)), .request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(MeasureInterval)"])
        XCTAssertEqual(
            scheduler.nowReads, 1, "as Combine's: the clock is read for the subscription only, not after the cancel")
    }

    func testEventsBeforeTheSubscriptionAreIgnored() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, Never>()
        publisher.measureInterval(using: scheduler).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, [])
        scheduler.advance(by: .seconds(2))
        publisher.send(subscription: publisher.subscription)
        scheduler.advance(by: .seconds(1))
        publisher.send(2)
        XCTAssertEqual(subscriber.values, [.seconds(1)], "the clock started with the subscription")
        XCTAssertEqual(publisher.subscriberDescription, "MeasureInterval")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
    }

    func testItIsExactOnTheEngineAndBothPathsAgree() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertTrue(subject.measureInterval(using: scheduler).isExactOnEngine)
        var engine: [Int] = []
        let cancellable = subject.measureInterval(using: scheduler).sink { engine.append($0.nanoseconds) }
        let subscriber = RecordingSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, Never>()
        subject.measureInterval(using: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        subject.send(1)
        scheduler.advance(by: .seconds(2))
        subject.send(2)
        XCTAssertEqual(engine, [1_000_000_000, 2_000_000_000])
        XCTAssertEqual(subscriber.values.map(\.nanoseconds), engine)
        cancellable.cancel()
        subscriber.subscription?.cancel()
    }
}
