import Foundation
import RivuletCombine
import TestSupport
import XCTest

/// Rivulet's sources on the demand path send at most what is requested, with Combine's
/// subscriptions: `Just` (and `Optional.Publisher`, `Result.Publisher`), `Publishers.Sequence`,
/// `Record`, `Future`; `Empty` and `Fail` hand `Subscriptions.empty`; `Deferred` hands the
/// subscriber to the publisher it creates.
final class SourceDemandTests: RivuletTestCase {
    func testJustWaitsForARequestAndIsNamedJust() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        Just(5).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Just)"])
        subscriber.subscription?.request(.none)
        XCTAssertEqual(subscriber.log, ["subscription(Just)"], "a request of none asks for nothing")
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Just)", "value(5)", "finished"])
        XCTAssertEqual(subscriber.subscription.map { Mirror(reflecting: $0) }?.children.map { "\($0.value)" }, ["5"])
    }

    func testJustSendsNothingAfterACancelAndNoCompletionWhenCancelledInsideTheValue() {
        let cancelledFirst = RecordingSubscriber<Int, Never>(initial: nil)
        Just(1).subscribe(cancelledFirst)
        cancelledFirst.subscription?.cancel()
        cancelledFirst.subscription?.request(.unlimited)
        XCTAssertEqual(cancelledFirst.log, ["subscription(Just)"])
        let cancelsInside = RecordingSubscriber<Int, Never>(initial: .max(1))
        cancelsInside.onValue = { _ in cancelsInside.subscription?.cancel() }
        Just(2).subscribe(cancelsInside)
        XCTAssertEqual(cancelsInside.log, ["subscription(Just)", "value(2)"], "nothing starts after the cancel")
    }

    func testOptionalAndResultPublishersAreNamedAsInCombine() {
        let some = RecordingSubscriber<Int, Never>(initial: .max(1))
        Optional(3).publisher.subscribe(some)
        XCTAssertEqual(some.log, ["subscription(Optional)", "value(3)", "finished"])
        let none = RecordingSubscriber<Int, Never>(initial: nil)
        Optional<Int>.none.publisher.subscribe(none)
        XCTAssertEqual(none.log, ["subscription(Empty)", "finished"])
        let success = RecordingSubscriber<Int, TestFailure>(initial: nil)
        Result<Int, TestFailure>.success(4).publisher.subscribe(success)
        XCTAssertEqual(success.log, ["subscription(Once)"])
        success.subscription?.request(.max(1))
        XCTAssertEqual(success.log, ["subscription(Once)", "value(4)", "finished"])
        let failure = RecordingSubscriber<Int, TestFailure>(initial: nil)
        Result<Int, TestFailure>.failure(.boom).publisher.subscribe(failure)
        XCTAssertEqual(failure.log, ["subscription(Empty)", "failure(boom)"])
    }

    func testEmptyAndFailHandAnEmptySubscription() {
        let empty = RecordingSubscriber<Int, Never>(initial: nil)
        Empty<Int, Never>().subscribe(empty)
        XCTAssertEqual(empty.log, ["subscription(Empty)", "finished"])
        let never = RecordingSubscriber<Int, Never>(initial: .unlimited)
        Empty<Int, Never>(completeImmediately: false).subscribe(never)
        XCTAssertEqual(never.log, ["subscription(Empty)"])
        let fail = RecordingSubscriber<Int, TestFailure>(initial: nil)
        Fail<Int, TestFailure>(error: .boom).subscribe(fail)
        XCTAssertEqual(fail.log, ["subscription(Empty)", "failure(boom)"])
    }

    func testASequenceSendsWhatIsRequestedAndFinishesAfterItsLastElement() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        [1, 2, 3].publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription([1, 2, 3])", "value(1)", "value(2)"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(subscriber.completions.count, 1, "finished after the last element, with no demand left")
        XCTAssertEqual(subscriber.subscription.map { "\($0)" }, "Sequence", "named Sequence once over")
        XCTAssertEqual(
            subscriber.subscription.map { Mirror(reflecting: $0) }?.children.map { "\($0.label ?? ""): \($0.value)" },
            ["sequence: []"], "and mirrored with no sequence left")
        let running = RecordingSubscriber<Int, Never>(initial: nil)
        [4, 5].publisher.subscribe(running)
        XCTAssertEqual(
            running.subscription.map { Mirror(reflecting: $0) }?.children.map { "\($0.label ?? ""): \($0.value)" },
            ["sequence: [4, 5]"])
        running.subscription?.cancel()
        let empty = RecordingSubscriber<Int, Never>(initial: nil)
        [Int]().publisher.subscribe(empty)
        XCTAssertEqual(empty.log, ["subscription(Empty)", "finished"])
    }

    func testASequenceIsPulledOnlyAsFarAsRequested() {
        var pulled = 0
        let counting = AnySequence { () -> AnyIterator<Int> in
            var next = 0
            return AnyIterator {
                pulled += 1
                next += 1
                return next
            }
        }
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(3))
        Publishers.Sequence<AnySequence<Int>, Never>(sequence: counting).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(pulled, 4, "the three requested and the next one, taken ahead")
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(5))
        XCTAssertEqual(pulled, 4)
    }

    func testARequestFromInsideTheValueDoesNotRecurse() {
        var depth = 0
        var deepest = 0
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        subscriber.onValue = { _ in
            depth += 1
            deepest = max(deepest, depth)
            subscriber.subscription?.request(.max(1))
            depth -= 1
        }
        (1...50).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values.count, 50)
        XCTAssertEqual(deepest, 1)
    }

    func testARecordSendsItsOutputAsRequestedThenItsCompletion() {
        let record = Record<Int, TestFailure>(output: [1, 2], completion: .failure(.boom))
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        record.subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription([1, 2])", "value(1)"])
        XCTAssertEqual(
            subscriber.subscription.map { Mirror(reflecting: $0) }?.children.map { "\($0.label ?? ""): \($0.value)" },
            ["sequence: [2]", "completion: failure(RivuletCombineTests.TestFailure.boom)"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription([1, 2])", "value(1)", "value(2)", "failure(boom)"])
        XCTAssertEqual(subscriber.subscription.map { "\($0)" }, "Cancelled Events", "Combine's name once over")
        let empty = RecordingSubscriber<Int, TestFailure>(initial: nil)
        Record<Int, TestFailure>(output: [], completion: .finished).subscribe(empty)
        XCTAssertEqual(empty.log, ["subscription(Empty)", "finished"])
    }

    func testAFutureWaitsForDemandButNotForAFailure() {
        var promise: Future<Int, TestFailure>.Promise?
        let future = Future<Int, TestFailure> { promise = $0 }
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        future.subscribe(subscriber)
        promise?(.success(8))
        XCTAssertEqual(subscriber.log, ["subscription(Future)"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Future)", "value(8)", "finished"])
        let failing = Future<Int, TestFailure> { $0(.failure(.boom)) }
        let failed = RecordingSubscriber<Int, TestFailure>(initial: nil)
        failing.subscribe(failed)
        XCTAssertEqual(failed.log, ["subscription(Future)", "failure(boom)"])
    }

    func testAFutureDeliversItsValueInsideTheRequestAndReleasesEverythingAtTheEnd() {
        weak var releasedFuture: Future<Int, Never>?
        weak var releasedSubscriber: RecordingSubscriber<Int, Never>?
        do {
            let future = Future<Int, Never> { $0(.success(1)) }
            releasedFuture = future
            let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
            releasedSubscriber = subscriber
            future.subscribe(subscriber)
            XCTAssertEqual(subscriber.log, ["subscription(Future)", "value(1)", "finished"])
            XCTAssertEqual(
                subscriber.subscription.map { Mirror(reflecting: $0) }?.children.map(\.label),
                ["parent", "downstream", "hasAnyDemand", "subject"])
        }
        XCTAssertNil(releasedSubscriber)
        XCTAssertNil(releasedFuture)
    }

    func testAFutureValueDeliveredWhenDemandArrivesLeavesTheFutureInTheMirrorAsCombinesDoes() {
        func parent(_ subscriber: RecordingSubscriber<Int, Never>) -> Any? {
            guard let subscription = subscriber.subscription else { return nil }
            return Mirror(reflecting: subscription).children.first { $0.label == "parent" }.map { $0.value }
        }
        func isFuture(_ value: Any?) -> Bool { (value as? Future<Int, Never>?)?.map { _ in true } ?? false }
        var promise: Future<Int, Never>.Promise?
        let waiting = Future<Int, Never> { promise = $0 }
        let late = RecordingSubscriber<Int, Never>(initial: nil)
        waiting.subscribe(late)
        promise?(.success(3))
        late.subscription?.request(.max(1))
        XCTAssertEqual(late.log, ["subscription(Future)", "value(3)", "finished"])
        XCTAssertTrue(isFuture(parent(late)), "delivered when demand arrived: the future stays")

        var secondPromise: Future<Int, Never>.Promise?
        let resolvedLater = Future<Int, Never> { secondPromise = $0 }
        let early = RecordingSubscriber<Int, Never>(initial: .unlimited)
        resolvedLater.subscribe(early)
        secondPromise?(.success(4))
        XCTAssertEqual(early.log, ["subscription(Future)", "value(4)", "finished"])
        XCTAssertFalse(isFuture(parent(early)), "delivered on resolution: the future is released")
    }

    func testAFutureCancelledBeforeItsResultSendsNothing() {
        var promise: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { promise = $0 }
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        future.subscribe(subscriber)
        subscriber.subscription?.cancel()
        promise?(.success(1))
        XCTAssertEqual(subscriber.log, ["subscription(Future)"])
    }

    func testDeferredHandsTheSubscriberToThePublisherItCreates() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2))
        Deferred { publisher }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)"])
    }

    func testASequenceServesRequestsFromOtherThreadsOnceEach() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        (0..<300).publisher.subscribe(subscriber)
        withWatchdog("requests from several threads") {
            runConcurrently(3) { _ in
                for _ in 0..<100 { subscriber.subscription?.request(.max(1)) }
            }
        }
        XCTAssertEqual(subscriber.values, Array(0..<300))
        XCTAssertEqual(subscriber.completions.count, 1)
    }
}
