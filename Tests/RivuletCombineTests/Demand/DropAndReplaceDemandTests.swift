import RivuletCombine
import TestSupport
import XCTest

/// `dropFirst`, `ignoreOutput` and `replaceError` on the demand path, as Combine documents them.
final class DropAndReplaceDemandTests: RivuletTestCase {
    func testDropFirstAsksForTheValuesToDropOnTopOfTheDemand() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .max(1))
        publisher.dropFirst(3).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5))], "2 wanted + 3 to drop")
        XCTAssertEqual(publisher.send(1), .none, "a dropped value was asked for already")
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.send(3), .none)
        XCTAssertEqual(publisher.send(4), .max(1))
        subscriber.subscription?.request(.max(7))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(5)), .request(.max(7))])
        XCTAssertEqual(subscriber.log, ["subscription(Drop)", "value(4)"])
        XCTAssertEqual(publisher.subscriberDescription, "Drop")
    }

    func testDropFirstHandsItsSubscriptionOverBeforeTheUpstreamsAndKeepsTheDemandMeanwhile() {
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(10))
        publisher.dropFirst(4).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Drop)"])
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(14))])
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(14)), .cancel])
    }

    func testIgnoreOutputHandsOnTheUpstreamsSubscriptionThenRequestsEverything() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Never, TestFailure>(initial: .max(2))
        publisher.ignoreOutput().subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.unlimited)])
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "failure(boom)"])
        XCTAssertEqual(publisher.subscriberDescription, "IgnoreOutput")
    }

    func testReplaceErrorReplacesAFailureOnceAValueIsWanted() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        publisher.replaceError(with: 42).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceError)"])
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceError)"], "no value wanted yet")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceError)", "value(42)", "finished"])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.subscription.log, [], "nothing requested upstream before the failure")
    }

    func testReplaceErrorPassesDemandThroughAndReplacesAtOnceWhenWanted() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        publisher.replaceError(with: 0).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceError)", "value(1)", "value(0)", "finished"])
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))], "a failed upstream is not cancelled")
    }

    func testReplaceErrorHandsItsSubscriptionOverWhenTheUpstreamsArrives() {
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(3))
        publisher.replaceError(with: 0).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, [], "nothing before the upstream's subscription")
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, [], "a completion before the subscription is ignored")
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceError)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(3))])
        subscriber.subscription?.cancel()
    }

    func testReplaceErrorCancelsOnceAndASecondSubscriptionIsCancelled() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.replaceError(with: 0).subscribe(subscriber)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceError)"])
    }
}
