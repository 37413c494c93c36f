import RivuletCombine
import TestSupport
import XCTest

/// The reducing operators on the demand path (`first`, `last`, `collect()`, `count`, `reduce`,
/// `contains`, `allSatisfy`, `min`/`max` and their `where`/`try` forms), as Combine documents them:
/// they ask the upstream for everything once their subscription is handed down, return `.none`
/// for every value, cancel the upstream exactly once when the result is decided early, and send
/// the result with `.finished` once the downstream has asked for anything.
final class ReducingDemandTests: RivuletTestCase {
    func testFirstAsksForEverythingCancelsOnceAtTheFirstValueAndSendsIt() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(5))
        publisher.first().subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "the downstream's .max(2) goes nowhere")
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(First)", "value(1)", "finished"])
        XCTAssertEqual(publisher.send(2), .none, "after the end a value is ignored")
        publisher.send(completion: .failure(.boom))
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(First)", "value(1)", "finished"])
    }

    func testTheResultWaitsForTheDownstreamsFirstRequest() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.first().subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        publisher.send(7)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel], "cancelled on the deciding value")
        XCTAssertEqual(subscriber.log, ["subscription(First)"], "nothing is sent before a request")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(First)", "value(7)", "finished"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log.count, 3, "sent once")
    }

    func testAnEmptyResultAlsoWaitsForARequestButAFailureDoesNot() {
        let empty = RecordingPublisher<Int, TestFailure>()
        let waiting = RecordingSubscriber<Int, TestFailure>(initial: nil)
        empty.last().subscribe(waiting)
        empty.send(completion: .finished)
        XCTAssertEqual(waiting.log, ["subscription(Last)"])
        waiting.subscription?.request(.max(1))
        XCTAssertEqual(waiting.log, ["subscription(Last)", "finished"])
        XCTAssertEqual(empty.subscription.log, [.request(.unlimited)], "a finished upstream is not cancelled")

        let failing = RecordingPublisher<Int, TestFailure>()
        let failed = RecordingSubscriber<Int, TestFailure>(initial: nil)
        failing.count().subscribe(failed)
        failing.send(1)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.log, ["subscription(Count)", "failure(boom)"], "a failure is sent at once")
        failed.subscription?.request(.max(1))
        XCTAssertEqual(failed.log.count, 2)
    }

    func testContainsCancelsTheUpstreamExactlyOnceOnTheDecidingValue() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Bool, Never>(initial: .max(1))
        publisher.contains(3).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(publisher.send(3), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(publisher.send(3), .none)
        publisher.send(completion: .finished)
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(Contains)", "value(true)", "finished"])
        XCTAssertEqual(publisher.subscriberDescription, "Contains")
    }

    func testContainsAnswersFalseWhenTheUpstreamFinishesWithoutAMatch() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Bool, Never>(initial: .max(1))
        publisher.contains { $0 > 5 }.subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(ContainsWhere)", "value(false)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
    }

    func testTryContainsWhereCancelsOnceAndFailsOnAThrow() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Bool, Error>(initial: nil)
        publisher.tryContains { value in
            if value == 2 { throw TestFailure.other }
            return false
        }.subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(TryContainsWhere)", "failure(other)"], "without a request")
    }

    func testAllSatisfyCancelsTheUpstreamExactlyOnceOnTheFirstFailingValue() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Bool, TestFailure>(initial: .max(3))
        publisher.allSatisfy { $0 < 3 }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(publisher.send(5), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        publisher.send(1)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(AllSatisfy)", "value(false)", "finished"])
    }

    func testAllSatisfyAnswersTrueOnCompletionAndTryAllSatisfyFailsOnAThrow() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Bool, TestFailure>(initial: .max(1))
        publisher.allSatisfy { $0 > 0 }.subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(AllSatisfy)", "value(true)", "finished"])

        let throwing = RecordingPublisher<Int, TestFailure>()
        let failed = RecordingSubscriber<Bool, Error>(initial: .max(1))
        throwing.tryAllSatisfy { _ in throw TestFailure.other }.subscribe(failed)
        throwing.send(1)
        XCTAssertEqual(throwing.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(failed.log, ["subscription(TryAllSatisfy)", "failure(other)"])
    }

    func testFirstWhereAndTryFirstWhere() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        publisher.first { $0 > 1 }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(TryFirst)", "value(2)", "finished"], "Combine's name")

        let throwing = RecordingPublisher<Int, TestFailure>()
        let failed = RecordingSubscriber<Int, Error>(initial: .max(1))
        throwing.tryFirst { _ in throw TestFailure.other }.subscribe(failed)
        throwing.send(1)
        throwing.send(2)
        XCTAssertEqual(throwing.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(failed.log, ["subscription(TryFirstWhere)", "failure(other)"])
    }

    func testLastFormsSendTheLastValueOnceTheUpstreamFinishes() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        publisher.last { $0.isMultiple(of: 2) }.subscribe(subscriber)
        for value in 1...5 { XCTAssertEqual(publisher.send(value), .none) }
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(LastWhere)", "value(4)", "finished"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])

        let throwing = RecordingPublisher<Int, TestFailure>()
        let failed = RecordingSubscriber<Int, Error>(initial: .max(1))
        throwing.tryLast { value in
            if value == 3 { throw TestFailure.other }
            return true
        }.subscribe(failed)
        throwing.send(1)
        throwing.send(3)
        XCTAssertEqual(throwing.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(failed.log, ["subscription(TryLastWhere)", "failure(other)"])
    }

    func testCollectCountReduceAndComparisonWaitForTheUpstreamsEnd() {
        func check<Output>(
            _ name: String, _ make: (RecordingPublisher<Int, TestFailure>) -> some Publisher<Output, TestFailure>,
            _ expected: String, line: UInt = #line
        ) {
            let publisher = RecordingPublisher<Int, TestFailure>()
            let subscriber = RecordingSubscriber<Output, TestFailure>(initial: .max(1))
            make(publisher).subscribe(subscriber)
            XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], name, line: line)
            for value in [3, 7, 5] { XCTAssertEqual(publisher.send(value), .none, name, line: line) }
            XCTAssertEqual(subscriber.log, ["subscription(\(name))"], line: line)
            publisher.send(completion: .finished)
            XCTAssertEqual(subscriber.log, ["subscription(\(name))", "value(\(expected))", "finished"], line: line)
            XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], name, line: line)
        }
        check("Collect", { $0.collect() }, "[3, 7, 5]")
        check("Count", { $0.count() }, "3")
        check("Reduce", { $0.reduce(100, +) }, "115")
        check("Comparison", { $0.max() }, "7")
        check("Comparison", { $0.min() }, "3")
        check("Comparison", { $0.max { $0 > $1 } }, "3")
        check("Last", { $0.last() }, "5")
    }

    func testTryReduceAndTryComparisonCancelOnceAndFailOnAThrow() {
        func check<Output>(
            _ name: String, _ make: (RecordingPublisher<Int, TestFailure>) -> some Publisher<Output, Error>,
            line: UInt = #line
        ) {
            let publisher = RecordingPublisher<Int, TestFailure>()
            let subscriber = RecordingSubscriber<Output, Error>(initial: nil)
            make(publisher).subscribe(subscriber)
            publisher.send(1)
            publisher.send(2)
            XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], name, line: line)
            publisher.send(9)
            publisher.send(completion: .finished)
            subscriber.subscription?.cancel()
            XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel], name, line: line)
            XCTAssertEqual(subscriber.log, ["subscription(\(name))", "failure(other)"], line: line)
        }
        check("TryReduce") {
            $0.tryReduce(0) { sum, value in
                if value == 9 { throw TestFailure.other }
                return sum + value
            }
        }
        check("TryComparison") {
            $0.tryMax { a, b in
                if b == 9 { throw TestFailure.other }
                return a < b
            }
        }
        check("TryComparison") {
            $0.tryMin { a, b in
                if a == 9 || b == 9 { throw TestFailure.other }
                return a < b
            }
        }
    }

    func testACancelBeforeTheResultIsSentDropsItAndCancelsOnce() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<[Int], TestFailure>(initial: nil)
        publisher.collect().subscribe(subscriber)
        publisher.send(1)
        publisher.send(completion: .finished)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(Collect)"], "a cancelled subscription sends nothing")
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "a finished upstream is not cancelled")

        let live = RecordingPublisher<Int, TestFailure>()
        let cancelling = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        live.reduce(0, +).subscribe(cancelling)
        cancelling.subscription?.cancel()
        cancelling.subscription?.cancel()
        live.send(1)
        live.send(completion: .finished)
        XCTAssertEqual(live.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(cancelling.log, ["subscription(Reduce)"])
    }

    func testACancelFromInsideTheResultStopsTheFinished() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        subscriber.onValue = { _ in subscriber.subscription?.cancel() }
        publisher.first().subscribe(subscriber)
        publisher.send(4)
        XCTAssertEqual(subscriber.log, ["subscription(First)", "value(4)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        subscriber.onValue = nil
    }

    func testEventsBeforeTheSubscriptionAreIgnoredAndASecondSubscriptionIsCancelled() {
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        publisher.count().subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, [], "nothing before the subscription")
        publisher.send(subscription: publisher.subscription)
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        publisher.send(2)
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(Count)", "value(1)", "finished"])
    }

    func testACancelBeforeTheSubscriptionArrivesIsIgnoredAsInCombine() {
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Bool, TestFailure>(initial: .max(1))
        publisher.contains(1).subscribe(subscriber)
        XCTAssertEqual(publisher.subscriberDescription, "Contains")
        (publisher.rawSubscriber as? Subscription)?.cancel()
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "there was nothing to cancel yet")
        XCTAssertEqual(subscriber.log, ["subscription(Contains)"])
    }

    func testTheMirrorShowsTheResultAndTheStatus() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        publisher.reduce(10, +).subscribe(subscriber)
        publisher.send(5)
        let children = publisher.subscriberMirror?.children.map { "\($0.label ?? ""): \($0.value)" }
        XCTAssertEqual(
            children,
            [
                "downstream: RecordingSubscriber", "result: Optional(15)", "initial: Optional(10)",
                "status: subscribed(RecordingSubscription)",
            ])
        XCTAssertEqual(publisher.subscriberPlaygroundDescription, "Reduce")
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscriberMirror?.children.map { "\($0.value)" }.last, "terminal")
    }

    func testTheClosureAndTheSubscriberAreReleasedWhenBothEndsLetGo() {
        let publisher = RecordingPublisher<Int, Never>()
        weak var captured: Token?
        weak var released: RecordingSubscriber<Bool, Never>?
        do {
            let token = Token()
            captured = token
            let subscriber = RecordingSubscriber<Bool, Never>(initial: .max(1))
            released = subscriber
            publisher.contains { token.stamp($0) == 2 }.subscribe(subscriber)
            publisher.send(2)
            XCTAssertEqual(subscriber.log, ["subscription(ContainsWhere)", "value(true)", "finished"])
            subscriber.dropSubscriptions()
        }
        XCTAssertNotNil(captured, "the upstream still holds its subscriber")
        publisher.reset()
        XCTAssertNil(captured)
        XCTAssertNil(released)
    }
}
