@testable import RivuletCombine
import TestSupport
import XCTest

/// `receive(on:)`, `delay` and `subscribe(on:)` on the demand path, as Combine documents them:
/// `receive(on:)` and `delay` hand the subscription over at once (as Combine has since iOS 13.3 /
/// macOS 10.15.2), each value and the completion on the scheduler (`delay` later), pass the subscriber's requests and cancel straight upstream and
/// request the demand the subscriber returns for a value after it, on the scheduler;
/// `subscribe(on:)` subscribes, requests and cancels on the scheduler.
final class ReceiveOnDemandTests: RivuletTestCase {
    func testAMaxTwoSubscriberSeesCombinesRequestSequenceThroughTheScheduler() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.receive(on: scheduler).subscribe(subscriber)
        XCTAssertEqual(publisher.subscriberCount, 1, "the upstream is subscribed at once")
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"], "the subscription is handed over at once")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))], "the subscriber's request goes straight up")
        XCTAssertEqual(publisher.send(1), .none, "the demand comes later, from the scheduler")
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)", "value(1)", "value(2)"])
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(2)), .request(.max(1)), .request(.max(1))],
            "the demand returned for each value is requested after it")
        publisher.send(completion: .failure(.boom))
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.send(3), .none)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)", "value(1)", "value(2)", "failure(boom)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.max(1)), .request(.max(1))])
    }

    func testAValueReturningNoDemandRequestsNothing() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        publisher.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance(by: .nanoseconds(0))
        publisher.send(1)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(subscriber.values, [1])
    }

    func testRequestsAndCancelGoStraightUpstreamAndCancelOnce() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        publisher.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance(by: .nanoseconds(0))
        subscriber.subscription?.request(.max(10))
        subscriber.subscription?.request(.max(4))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(10)), .request(.max(4))])
        publisher.send(7)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(10)), .request(.max(4)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"], "a value scheduled before the cancel is dropped")
        XCTAssertEqual(publisher.send(8), .none)
        publisher.send(completion: .finished)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"])
    }

    func testACompletionBeforeTheSchedulerRunsFollowsTheSubscription() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.receive(on: scheduler).subscribe(subscriber)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)", "failure(boom)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
    }

    func testAnUpstreamThatFinishesAtOnceStillCompletesTheOperatorsAfterIt() {
        let scheduler = CombineTestScheduler()
        for delayed in [false, true] {
            let empty = Empty<Int, Never>()
            let chain: AnyPublisher<[Int], Never> =
                delayed
                ? empty.delay(for: .seconds(1), scheduler: scheduler).collect().eraseToAnyPublisher()
                : empty.receive(on: scheduler).collect().eraseToAnyPublisher()
            let subscriber = RecordingSubscriber<[Int], Never>(initial: .unlimited)
            chain.subscribe(subscriber)
            scheduler.advance(by: .seconds(1))
            XCTAssertEqual(subscriber.log.dropFirst(), ["value([])", "finished"], "delayed: \(delayed)")
        }
    }

    func testAValueAndACompletionBeforeTheHandOffFollowTheSubscription() {
        let scheduler = CombineTestScheduler()
        for delayed in [false, true] {
            let publisher = RecordingPublisher<Int, TestFailure>()
            let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
            let chain: AnyPublisher<Int, TestFailure> =
                delayed
                ? publisher.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
                : publisher.receive(on: scheduler).eraseToAnyPublisher()
            chain.subscribe(subscriber)
            publisher.send(1)
            publisher.send(completion: .finished)
            scheduler.advance(by: .seconds(1))
            XCTAssertEqual(subscriber.log.count, 3, "delayed: \(delayed)")
            XCTAssertEqual(subscriber.log.dropFirst(), ["value(1)", "finished"], "no value without a subscription")
        }
    }

    func testAValueBeforeTheSchedulerRunsIsDeliveredWhenItRuns() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited, perValue: .max(3))
        publisher.receive(on: scheduler).subscribe(subscriber)
        XCTAssertEqual(publisher.send(-1), .none)
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)", "value(-1)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .request(.max(3))])
    }

    func testEventsBeforeTheSubscriptionAreIgnoredAndASecondSubscriptionIsCancelled() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        publisher.receive(on: scheduler).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        publisher.send(completion: .finished)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, [])
        publisher.send(subscription: publisher.subscription)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(subscriber.log, ["subscription(ReceiveOn)"])
        let second = RecordingSubscription()
        publisher.send(subscription: second)
        XCTAssertEqual(second.log, [.cancel])
    }

    func testTheSubscriptionKeepsItsSubscriberAfterTheEndAsCombinesDoes() {
        let scheduler = CombineTestScheduler()
        for kind in ["receive(on:)", "delay", "subscribe(on:)"] {
            let publisher = RecordingPublisher<Int, Never>()
            weak var released: RecordingSubscriber<Int, Never>?
            do {
                let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
                released = subscriber
                switch kind {
                case "receive(on:)": publisher.receive(on: scheduler).subscribe(subscriber)
                case "delay": publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
                default: publisher.subscribe(on: scheduler).subscribe(subscriber)
                }
                scheduler.advance(by: .nanoseconds(0))
                publisher.send(completion: .finished)
                scheduler.advance(by: .seconds(1))
                XCTAssertEqual(subscriber.completions.count, 1, kind)
                publisher.reset()
            }
            XCTAssertNotNil(released, "\(kind): a subscriber that keeps its subscription is kept by it")
            released?.dropSubscriptions()
            XCTAssertNil(released, "\(kind): released once the subscriber lets go of its subscription")
        }
    }

    func testTheSubscriberIsReleasedOnceCancelledAndTheActionsHaveRun() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        weak var released: RecordingSubscriber<Int, Never>?
        do {
            let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
            released = subscriber
            publisher.receive(on: scheduler).subscribe(subscriber)
            scheduler.advance(by: .nanoseconds(0))
            publisher.send(42)
            subscriber.subscription?.cancel()
            subscriber.dropSubscriptions()
            publisher.reset()
        }
        XCTAssertNotNil(released, "the scheduled value holds the subscription, which holds the subscriber")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertNil(released)
    }

    func testDescriptionAndMirror() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        publisher.receive(on: scheduler).subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertEqual(publisher.subscriberDescription, "ReceiveOn")
        XCTAssertEqual(publisher.subscriberPlaygroundDescription, "ReceiveOn")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
        scheduler.advance(by: .nanoseconds(0))
    }

    func testAValueSentFromInsideTheSubscriberOnAnImmediateSchedulerWaitsForTheCallToReturn() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        var depth = 0
        var deepest = 0
        subscriber.onValue = { value in
            depth += 1
            deepest = max(deepest, depth)
            if value < 3 { publisher.send(value + 1) }
            depth -= 1
        }
        publisher.receive(on: ImmediateScheduler.shared).subscribe(subscriber)
        publisher.send(1)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(deepest, 1, "calls into the subscriber never overlap")
    }

    func testSinkTakesTheDemandPathAndKeepsWhatASubjectSendsBeforeTheSchedulerRuns() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let chain = subject.receive(on: scheduler)
        XCTAssertFalse(chain.isExactOnEngine)
        var values: [Int] = []
        let cancellable = chain.sink { values.append($0) }
        subject.send(1)
        scheduler.advance(by: .nanoseconds(0))
        subject.send(2)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(values, [1, 2], "as in Combine: the subscription, and the request, come at once")
        cancellable.cancel()
    }

    // MARK: - delay

    func testDelayHandsTheSubscriptionOverAtOnceAndEachEventLater() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.delay(for: .seconds(2), scheduler: scheduler).subscribe(subscriber)
        XCTAssertEqual(subscriber.log.count, 1, "the subscription is handed over at once, not delayed")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .none)
        scheduler.advance(by: .seconds(1))
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.values, [])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(
            publisher.subscription.log, [.request(.max(2)), .request(.max(1))],
            "as Combine's: the demand returned for the value goes to the upstream even after it completed")
        XCTAssertEqual(subscriber.completions.count, 0, "a failure is delayed too, unlike RxSwift's delay")
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.log.dropFirst(), ["value(1)", "failure(boom)"])
    }

    func testDelayCancelsOnceAndDropsWhatWaits() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .nanoseconds(0))
        publisher.send(1)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(subscriber.values, [])
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    func testDelayHasNoNameOfItsOwnAsInCombine() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertNil(publisher.subscriberDescription)
        XCTAssertNil(publisher.subscriberMirror)
        XCTAssertFalse(publisher.delay(for: .seconds(1), scheduler: scheduler).isExactOnEngine)
        scheduler.advance(by: .nanoseconds(0))
    }

    // MARK: - subscribe(on:)

    func testSubscribeOnSubscribesRequestsAndCancelsOnTheScheduler() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil, perValue: .max(1))
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        XCTAssertEqual(publisher.subscriberCount, 0, "the upstream is subscribed on the scheduler")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(publisher.subscriberCount, 1)
        XCTAssertEqual(subscriber.log, ["subscription(SubscribeOn)"], "handed over as soon as it arrives")
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(publisher.subscription.log, [], "the request waits for the scheduler")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1), "values and their demand pass straight through")
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.send(2), .none, "nothing reaches the subscriber after its cancel")
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(SubscribeOn)", "value(1)"])
    }

    func testSubscribeOnIgnoresWhatComesAfterTheCompletion() {
        let scheduler = CombineTestScheduler()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance(by: .nanoseconds(0))
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(subscriber.log, ["subscription(SubscribeOn)", "finished"])
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
    }

    func testSubscribeOnIsNotExactAndASinkWorksThroughIt() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertFalse(subject.subscribe(on: scheduler).isExactOnEngine)
        var values: [Int] = []
        let cancellable = subject.subscribe(on: scheduler).sink { values.append($0) }
        subject.send(1)
        scheduler.advance(by: .nanoseconds(0))
        subject.send(2)
        XCTAssertEqual(values, [2])
        cancellable.cancel()
        scheduler.advance(by: .nanoseconds(0))
        subject.send(3)
        XCTAssertEqual(values, [2])
    }
}
