import TestSupport
import XCTest

@testable import RivuletCombine

/// `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)` on the demand path, as Combine's: the
/// other publisher is subscribed first and asked for one value; requests go to the upstream.
final class UntilOutputDemandTests: RivuletTestCase {
    private typealias Upstream = RecordingPublisher<Int, TestFailure>

    // MARK: - drop(untilOutputFrom:)

    func testDropAsksTheOtherForOneValueAndPassesRequestsUpstream() {
        let (upstream, other) = (Upstream(subscribesAtOnce: false), Upstream())
        var order: [String] = []
        other.subscription.onRequest = { _ in order.append("other") }
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil, perValue: .max(3))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(DropUntilOutput)"], "handed down at once")
        XCTAssertEqual(other.subscription.log, [.request(.max(1))])
        subscriber.subscription?.request(.max(10))
        subscriber.subscription?.request(.max(4))
        upstream.subscription.onRequest = { _ in order.append("upstream") }
        upstream.send(subscription: upstream.subscription)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(14))], "what was asked before it arrived")
        XCTAssertEqual(order, ["other", "upstream"])
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(upstream.subscription.log, [.request(.max(14)), .request(.max(2))])
        XCTAssertEqual(upstream.subscriberDescription, "DropUntilOutput")
        XCTAssertEqual(other.subscriberDescription, "DropUntilOutput")
        XCTAssertEqual(
            (other.rawSubscriber as? CustomCombineIdentifierConvertible)?.combineIdentifier,
            (upstream.rawSubscriber as? CustomCombineIdentifierConvertible)?.combineIdentifier,
            "one identifier for both subscribers, as in Combine")
        subscriber.subscription?.cancel()
    }

    func testDropDropsUntilTheOthersValueAndDoesNotCancelTheOther() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(4), perValue: .max(1))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        XCTAssertEqual(upstream.send(1), .none, "a dropped value uses its demand, as in Combine")
        XCTAssertEqual(upstream.send(2), .none)
        XCTAssertEqual(other.send(1000), .none)
        XCTAssertEqual(upstream.send(3), .max(1))
        other.send(completion: .failure(.boom))
        XCTAssertEqual(upstream.send(4), .max(1))
        XCTAssertEqual(subscriber.log, ["subscription(DropUntilOutput)", "value(3)", "value(4)"])
        XCTAssertEqual(other.subscription.log, [.request(.max(1))])
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.log.last, "finished")
        XCTAssertEqual(other.subscription.log, [.request(.max(1))], "it completed: nothing to cancel")
        XCTAssertEqual(upstream.subscription.log, [.request(.max(4))])
    }

    func testDropEndsWhenTheOtherCompletesWithoutAValue() {
        for failure in [nil, TestFailure.boom] {
            let (upstream, other) = (Upstream(), Upstream())
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(4))
            upstream.drop(untilOutputFrom: other).subscribe(subscriber)
            upstream.send(1)
            other.send(completion: failure.map { .failure($0) } ?? .finished)
            other.send(completion: .finished)
            XCTAssertEqual(
                subscriber.log, ["subscription(DropUntilOutput)", failure == nil ? "finished" : "failure(boom)"])
            XCTAssertEqual(upstream.subscription.log, [.request(.max(4)), .cancel])
            XCTAssertEqual(other.subscription.log, [.request(.max(1))])
            XCTAssertEqual(upstream.send(2), .none)
            XCTAssertEqual(subscriber.log.count, 2)
        }
    }

    func testDropCancelsTheUpstreamThenTheOtherOnce() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        var order: [String] = []
        upstream.subscription.onCancel = { order.append("upstream") }
        other.subscription.onCancel = { order.append("other") }
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(10))
        XCTAssertEqual(order, ["upstream", "other"])
        XCTAssertEqual(upstream.subscription.log, [.request(.max(2)), .cancel])
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
        XCTAssertEqual(upstream.send(1000), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(DropUntilOutput)"])
    }

    func testDropKeepsTheTriggeringOtherUntilTheEnd() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        other.send(1)
        XCTAssertEqual(other.subscription.log, [.request(.max(1))])
        subscriber.subscription?.cancel()
        XCTAssertEqual(other.subscription.log, [.request(.max(1)), .cancel])
    }

    func testDropUpstreamCompletionCancelsTheOtherAndPassesOn() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        upstream.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(DropUntilOutput)", "failure(boom)"])
        XCTAssertEqual(other.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(upstream.subscription.log, [.request(.max(2))])
    }

    func testDropIsNotEngineExactSoSinkEndsWhenTheOtherFinishesWithoutAValue() {
        let (upstream, other) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let publisher = upstream.drop(untilOutputFrom: other)
        XCTAssertFalse(publisher.isExactOnEngine)
        var log: [String] = []
        let cancellable = publisher.sink(receiveCompletion: { _ in log.append("finished") }) { log.append("\($0)") }
        upstream.send(1)
        other.send(completion: .finished)
        upstream.send(2)
        XCTAssertEqual(log, ["finished"])
        cancellable.cancel()
    }

    // MARK: - prefix(untilOutputFrom:)

    func testPrefixPassesValuesAndRequestsUntilTheOthersValueThenCancelsTheUpstreamAndFinishes() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(3), perValue: .max(2))
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        XCTAssertEqual(subscriber.log.count, 1)
        XCTAssertTrue(subscriber.log[0].contains("PrefixUntilOutput"))
        XCTAssertEqual(upstream.subscription.log, [.request(.max(3))])
        XCTAssertEqual(other.subscription.log, [.request(.max(1))])
        XCTAssertEqual(upstream.send(1), .max(2))
        XCTAssertEqual(upstream.send(2), .max(2))
        var order: [String] = []
        upstream.subscription.onCancel = { order.append("cancel upstream") }
        subscriber.onCompletion = { _ in order.append("finished") }
        XCTAssertEqual(other.send(1000), .none)
        XCTAssertEqual(order, ["cancel upstream", "finished"])
        XCTAssertEqual(subscriber.log.dropFirst(), ["value(1)", "value(2)", "finished"])
        XCTAssertEqual(other.subscription.log, [.request(.max(1)), .cancel], "then the other (Combine leaves it)")
        XCTAssertEqual(upstream.send(3), .none)
        upstream.send(completion: .failure(.boom))
        subscriber.subscription?.cancel()
        XCTAssertEqual(subscriber.log.count, 4)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(other.subscription.cancelCount, 1)
    }

    func testPrefixPassesARequestForNoneOnAndHasNoNameOrMirrorOfItsOwn() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        subscriber.subscription?.request(.none)
        XCTAssertEqual(upstream.subscription.log, [.request(.none)], "as Combine's")
        let raws = [upstream.rawSubscriber, other.rawSubscriber].compactMap { $0 }
        XCTAssertEqual(raws.count, 2)
        for raw in raws {
            XCTAssertFalse(raw is CustomStringConvertible, "Combine's has no description")
            XCTAssertFalse(raw is CustomReflectable, "nor mirror")
            XCTAssertFalse(raw is CustomPlaygroundDisplayConvertible)
        }
        XCTAssertEqual(
            (other.rawSubscriber as? CustomCombineIdentifierConvertible)?.combineIdentifier,
            (upstream.rawSubscriber as? CustomCombineIdentifierConvertible)?.combineIdentifier,
            "one identifier for both subscribers, as in Combine")
        subscriber.subscription?.cancel()
    }

    func testPrefixUpstreamCompletionBeforeItsSubscriptionCancelsTheOtherAndIsNotPassedOn() {
        let upstream = Upstream(subscribesAtOnce: false)
        let other = Upstream()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        upstream.send(completion: .finished)
        XCTAssertEqual(other.subscription.log, [.request(.max(1)), .cancel])
        XCTAssertEqual(subscriber.log, [])
    }

    func testPrefixIgnoresTheOthersCompletionWithoutAValue() {
        let upstream = Upstream()
        let other = RecordingPublisher<Int, WrappedFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        other.send(completion: .failure(WrappedFailure(inner: .boom)))
        XCTAssertEqual(other.send(42), .none)
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(subscriber.log.dropFirst(), ["value(1)"])
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        subscriber.subscription?.cancel()
        XCTAssertEqual(other.subscription.log, [.request(.max(1))], "finished: nothing to cancel")
    }

    func testPrefixUpstreamCompletionCancelsTheOtherFirst() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        var order: [String] = []
        other.subscription.onCancel = { order.append("cancel other") }
        subscriber.onCompletion = { _ in order.append("finished") }
        upstream.send(completion: .finished)
        XCTAssertEqual(order, ["cancel other", "finished"])
        XCTAssertEqual(upstream.subscription.log, [])
    }

    func testPrefixCancelsTheUpstreamThenTheOther() {
        let (upstream, other) = (Upstream(), Upstream())
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        var order: [String] = []
        upstream.subscription.onCancel = { order.append("upstream") }
        other.subscription.onCancel = { order.append("other") }
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(42))
        subscriber.subscription?.cancel()
        XCTAssertEqual(order, ["upstream", "other"])
        XCTAssertEqual(upstream.subscription.log, [.cancel])
    }

    func testPrefixTriggeredBeforeTheUpstreamsSubscriptionFinishesAtOnceAsCombineDoes() {
        let upstream = Upstream(subscribesAtOnce: false)
        let other = Upstream()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, [], "handed down when the upstream's subscription arrives, as in Combine")
        other.send(-1)
        XCTAssertEqual(subscriber.log, ["finished"], "without a subscription, as Combine's")
        XCTAssertEqual(other.subscription.log, [.request(.max(1)), .cancel])
        upstream.send(subscription: upstream.subscription)
        XCTAssertEqual(upstream.subscription.log, [.cancel])
        XCTAssertEqual(subscriber.log, ["finished"])
    }

    func testAValueSentFromInsideTheSubscribersReceiveIsDeliveredAndTheCompletionWaitsForIt() {
        for drops in [true, false] {
            let (upstream, other) = (Upstream(), Upstream())
            var sent = 0
            // A synchronous publisher: each request sends the next value at once, from inside the
            // subscriber's `receive(_:)` when it asks there.
            upstream.subscription.onRequest = { _ in
                guard sent < 3 else { return }
                sent += 1
                upstream.send(sent)
            }
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
            subscriber.onValue = { value in
                // `drop`: a completion of the other after its value is ignored; `prefix`: the
                // other's value ends it while two values are being delivered.
                if value == 2, drops { other.send(completion: .finished) }
                if value == 2, !drops { other.send(0) }
                subscriber.subscription?.request(.max(1))
            }
            let publisher =
                drops
                ? upstream.drop(untilOutputFrom: other).eraseToAnyPublisher()
                : upstream.prefix(untilOutputFrom: other).eraseToAnyPublisher()
            publisher.subscribe(subscriber)
            if drops { other.send(0) }
            subscriber.subscription?.request(.max(1))
            if drops {
                XCTAssertEqual(subscriber.log, ["subscription(DropUntilOutput)", "value(1)", "value(2)", "value(3)"])
            } else {
                XCTAssertEqual(
                    subscriber.log.dropFirst(), ["value(1)", "value(2)", "finished"],
                    "the finish after both calls have returned")
            }
            subscriber.subscription?.cancel()
        }
    }

    func testPrefixTakesTheEnginePathOverRivuletPublishers() {
        let (upstream, other) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Void, Never>())
        let publisher = upstream.prefix(untilOutputFrom: other)
        XCTAssertTrue(publisher.isExactOnEngine)
        var log: [String] = []
        let cancellable = publisher.sink(receiveCompletion: { _ in log.append("finished") }) { log.append("\($0)") }
        upstream.send(1)
        other.send(())
        upstream.send(2)
        XCTAssertEqual(log, ["1", "finished"])
        cancellable.cancel()
    }
}
