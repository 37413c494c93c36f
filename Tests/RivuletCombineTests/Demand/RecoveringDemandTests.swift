import RivuletCombine
import TestSupport
import XCTest

/// `append`/`prepend` (`Publishers.Concatenate`), `catch`/`tryCatch`, `retry(_:)` and
/// `replaceEmpty(with:)` on the demand path, as Combine documents them: the downstream's
/// outstanding demand is carried over to the next publisher.
final class RecoveringDemandTests: RivuletTestCase {
    // MARK: - Concatenate

    func testAppendCarriesTheOutstandingDemandOverToTheSuffix() {
        let prefix = RecordingPublisher<Int, TestFailure>()
        let suffix = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(3))
        prefix.append(suffix).subscribe(subscriber)
        XCTAssertEqual(prefix.subscription.log, [.request(.max(3))])
        XCTAssertEqual(suffix.subscriberCount, 0, "the suffix waits for the prefix's end")
        XCTAssertEqual(prefix.send(1), .none)
        prefix.send(completion: .finished)
        XCTAssertEqual(suffix.subscription.log, [.request(.max(2))], "what the subscriber still wants")
        XCTAssertEqual(suffix.send(2), .none)
        XCTAssertEqual(suffix.send(3), .none)
        XCTAssertEqual(suffix.send(4), .none, "beyond the demand")
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.request(.none)
        XCTAssertEqual(
            suffix.subscription.log, [.request(.max(2)), .request(.max(1)), .request(.none)],
            "as Combine's, a request of .none is passed on")
        suffix.send(5)
        suffix.send(completion: .finished)
        XCTAssertEqual(
            subscriber.log, ["subscription(Concatenate)", "value(1)", "value(2)", "value(3)", "value(5)", "finished"])
        XCTAssertEqual(prefix.subscription.log, [.request(.max(3))], "a finished prefix is not cancelled")
        XCTAssertEqual(prefix.subscriberDescription, "Concatenate")
        XCTAssertEqual(suffix.subscriberDescription, "Concatenate")
    }

    func testTheDemandTheSubscriberReturnsIsAddedAndReturnedUpstream() {
        let prefix = RecordingPublisher<Int, TestFailure>()
        let suffix = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(2))
        prefix.append(suffix).subscribe(subscriber)
        XCTAssertEqual(prefix.send(1), .max(2))
        prefix.send(completion: .finished)
        XCTAssertEqual(suffix.subscription.log, [.request(.max(2))])
    }

    func testPrependSendsItsValuesAgainstTheDemandThenAsksTheUpstreamForTheRest() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(3))
        upstream.prepend(7, 8).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Concatenate)", "value(7)", "value(8)"])
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1))])

        let starved = RecordingPublisher<Int, TestFailure>()
        let waiting = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        starved.prepend(7, 8).subscribe(waiting)
        XCTAssertEqual(waiting.log, ["subscription(Concatenate)", "value(7)"])
        XCTAssertEqual(starved.subscriberCount, 0, "the upstream is subscribed once the prefix has ended")
        waiting.subscription?.request(.max(2))
        XCTAssertEqual(waiting.log, ["subscription(Concatenate)", "value(7)", "value(8)"])
        XCTAssertEqual(starved.subscription.log, [.request(.max(1))])
    }

    func testAFailureOfThePrefixEndsItWithoutSubscribingTheSuffix() {
        let prefix = RecordingPublisher<Int, TestFailure>()
        let suffix = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        prefix.append(suffix).subscribe(subscriber)
        prefix.send(completion: .failure(.boom))
        prefix.send(completion: .finished)
        XCTAssertEqual(suffix.subscriberCount, 0)
        XCTAssertEqual(subscriber.log, ["subscription(Concatenate)", "failure(boom)"])
    }

    func testACancelCancelsThePublisherRunningOnceAndTheSuffixIsNeverSubscribed() {
        let prefix = RecordingPublisher<Int, TestFailure>()
        let suffix = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        prefix.append(suffix).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        prefix.send(1)
        prefix.send(completion: .finished)
        XCTAssertEqual(prefix.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(suffix.subscriberCount, 0)
        XCTAssertEqual(subscriber.log, ["subscription(Concatenate)"])

        let first = RecordingPublisher<Int, TestFailure>()
        let second = RecordingPublisher<Int, TestFailure>()
        let later = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        first.append(second).subscribe(later)
        first.send(completion: .finished)
        later.subscription?.cancel()
        later.subscription?.cancel()
        XCTAssertEqual(first.subscription.log, [.request(.max(2))])
        XCTAssertEqual(second.subscription.log, [.request(.max(2)), .cancel])
    }

    func testACancelLetsGoOfTheSuffixItNeverSubscribed() {
        let prefix = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            prefix.append(Deferred { Just(token.stamp(1)).setFailureType(to: TestFailure.self) }).subscribe(subscriber)
        }
        XCTAssertNotNil(captured, "the subscription holds the suffix until the prefix ends")
        subscriber.subscription?.cancel()
        XCTAssertNil(captured, "and lets go of it at the cancel")
        XCTAssertEqual(prefix.subscription.log, [.request(.max(1)), .cancel])
    }

    // MARK: - catch

    func testCatchAsksTheReplacementForWhatTheSubscriberStillWants() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let replacement = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(3))])
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(replacement.subscription.log, [.request(.max(2))])
        replacement.send(2)
        replacement.send(completion: .finished)
        upstream.send(3)
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(Catch)", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.log, [.request(.max(3))], "a failed upstream is not cancelled")
        XCTAssertEqual(replacement.subscription.log, [.request(.max(2))])
        XCTAssertEqual(replacement.subscriberDescription, "Catch")
        XCTAssertEqual(upstream.subscriberMirror?.children.map(\.label), ["downstream", "demand"])
    }

    func testCatchPassesTheUpstreamsFinishedAndCancelsThePublisherRunningOnce() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        upstream.catch { _ in Just(0) }.subscribe(subscriber)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Catch)", "finished"])

        let failing = RecordingPublisher<Int, TestFailure>()
        let replacement = RecordingPublisher<Int, Never>()
        let cancelling = RecordingSubscriber<Int, Never>(initial: .max(1))
        failing.catch { _ in replacement }.subscribe(cancelling)
        failing.send(completion: .failure(.boom))
        cancelling.subscription?.cancel()
        cancelling.subscription?.cancel()
        XCTAssertEqual(replacement.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(failing.subscription.log, [.request(.max(1))])
    }

    func testCatchPassesOnAValueThatArrivesAfterTheCancelAndDropsTheCompletion() {
        // Before the failure: the upstream was running.
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: .max(3))
        upstream.catch { _ in Just(0) }.subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(199))
        XCTAssertEqual(upstream.send(1), .max(3), "as Combine's: a value already on its way is passed on")
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(Catch)", "value(1)"], "the handler is not used")
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1)), .cancel])

        // After it: the replacement was running (and had no demand).
        let failing = RecordingPublisher<Int, TestFailure>()
        let replacement = RecordingPublisher<Int, Never>()
        let recovered = RecordingSubscriber<Int, Never>(initial: nil, perValue: .max(3))
        failing.catch { _ in replacement }.subscribe(recovered)
        failing.send(completion: .failure(.boom))
        recovered.subscription?.cancel()
        XCTAssertEqual(replacement.send(1), .max(3))
        replacement.send(completion: .finished)
        XCTAssertEqual(recovered.log, ["subscription(Catch)", "value(1)"])
        XCTAssertEqual(replacement.subscription.log, [.cancel])
        let late = RecordingSubscription()
        replacement.send(subscription: late)
        XCTAssertEqual(late.log, [.cancel])
    }

    func testACancelBeforeTheReplacementsSubscriptionIsIgnoredAsInCombine() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let replacement = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        upstream.send(completion: .failure(.boom))
        subscriber.subscription?.cancel()
        replacement.send(subscription: replacement.subscription)
        XCTAssertEqual(replacement.subscription.log, [.request(.max(3))], "there was nothing to cancel")
        replacement.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Catch)", "finished"])
    }

    func testTryCatchFailsWithTheHandlersThrow() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(1))
        upstream.tryCatch { _ -> Just<Int> in throw TestFailure.other }.subscribe(subscriber)
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(TryCatch)", "failure(other)"])

        let recovering = RecordingPublisher<Int, TestFailure>()
        let recovered = RecordingSubscriber<Int, Error>(initial: .max(2))
        recovering.tryCatch { _ in Just(5) }.subscribe(recovered)
        recovering.send(completion: .failure(.boom))
        XCTAssertEqual(recovered.log, ["subscription(TryCatch)", "value(5)", "finished"])
    }

    // MARK: - retry

    func testRetryRequestsTheDemandReturnedForAValueRatherThanReturningIt() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(4))
        upstream.retry(1).subscribe(subscriber)
        XCTAssertEqual(upstream.send(1), .none, "as Combine's: requested, not returned")
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1)), .request(.max(4))])
        subscriber.subscription?.cancel()
    }

    func testRetryResubscribesAndAsksForWhatTheSubscriberStillWants() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(3))
        upstream.retry(1).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(3))])
        upstream.send(1)
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(upstream.subscriberCount, 2)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(3)), .request(.max(2))])
        upstream.send(2)
        upstream.send(completion: .failure(.other))
        XCTAssertEqual(upstream.subscriberCount, 2, "one retry")
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log, ["subscription(Retry)", "value(1)", "value(2)", "failure(other)"])
        XCTAssertEqual(upstream.subscription.log, [.request(.max(3)), .request(.max(2))], "nothing to cancel")
        XCTAssertEqual(upstream.subscriberDescription, "Retry")
    }

    func testRetryCancelsTheCurrentSubscriptionOnce() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.retry(3).subscribe(subscriber)
        upstream.send(completion: .failure(.boom))
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(upstream.subscriberCount, 2)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1)), .request(.max(1)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(Retry)"])
    }

    func testRetryOfAPublisherThatFailsAtOnceLoopsWithoutRecursing() {
        var attempts = 0
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        Deferred { () -> Fail<Int, TestFailure> in
            attempts += 1
            return Fail(error: .boom)
        }.retry(1_000).subscribe(subscriber)
        XCTAssertEqual(attempts, 1_001)
        XCTAssertEqual(subscriber.log, ["subscription(Retry)", "failure(boom)"])
    }

    func testRetryReleasesTheSubscriberAtTheEnd() {
        let upstream = RecordingPublisher<Int, TestFailure>()
        weak var released: RecordingSubscriber<Int, TestFailure>?
        do {
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
            released = subscriber
            upstream.retry(0).subscribe(subscriber)
            upstream.send(completion: .failure(.boom))
            XCTAssertEqual(subscriber.log, ["subscription(Retry)", "failure(boom)"])
        }
        XCTAssertNil(released, "the subscription lets go of the subscriber at the end")
        upstream.reset()
    }

    // MARK: - replaceEmpty

    func testReplaceEmptyAsksForEverythingAndSendsTheReplacementOnceWanted() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.replaceEmpty(with: 9).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceEmpty)"], "the replacement waits for a request")
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceEmpty)", "value(9)", "finished"])
    }

    func testReplaceEmptyPassesValuesDemandAndFailuresOn() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.replaceEmpty(with: 9).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.unlimited)])
        XCTAssertEqual(publisher.send(1), .max(1))
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceEmpty)", "value(1)", "finished"])

        let failing = RecordingPublisher<Int, TestFailure>()
        let failed = RecordingSubscriber<Int, TestFailure>(initial: nil)
        failing.replaceEmpty(with: 9).subscribe(failed)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.log, ["subscription(ReplaceEmpty)", "failure(boom)"])
        failed.subscription?.cancel()
        XCTAssertEqual(failing.subscription.log, [.request(.unlimited)])
    }

    func testReplaceEmptyCancelsOnceAndSendsNothingAfterwards() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.replaceEmpty(with: 9).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        publisher.send(completion: .finished)
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(ReplaceEmpty)"])
    }
}
