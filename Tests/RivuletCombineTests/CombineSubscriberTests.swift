import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// A subscriber as Combine users write one: it asks for `initial` values, then `perValue` more
/// after each, and records everything.
final class CombineSubscriberTests: RivuletTestCase {
    func testUnlimitedDemandReceivesEverythingThenTheCompletion() {
        let subscriber = DemandingSubscriber<Int, Never>(initial: .unlimited)
        [1, 2, 3].publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(subscriber.completions, [.finished])
    }

    func testValuesWaitForDemandAndTheCompletionWaitsBehindThem() {
        let subscriber = DemandingSubscriber<Int, Never>(initial: .max(2))
        [1, 2, 3, 4, 5].publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2], "only what was requested")
        XCTAssertEqual(subscriber.completions, [], "the completion waits behind the values")
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4])
        subscriber.subscription?.request(.max(5))
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertEqual(subscriber.completions, [.finished])
    }

    func testDemandReturnedFromReceiveAddsUp() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = DemandingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(1))
        subject.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4], "each value asks for the next")
        XCTAssertEqual(subscriber.completions, [.failure(.boom)])
    }

    func testNoDemandReceivesOnlyAnErrorOrCompletion() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = DemandingSubscriber<Int, TestFailure>(initial: .none)
        subject.subscribe(subscriber)
        subject.send(1)
        XCTAssertEqual(subscriber.values, [])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [], "a PassthroughSubject drops a value sent while there is no demand")
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.completions, [.failure(.boom)], "the completion needs no demand")
    }

    func testRequestFromInsideReceiveDoesNotRecurse() {
        let subscriber = DemandingSubscriber<Int, Never>(initial: .max(1))
        var depth = 0
        var deepest = 0
        subscriber.onValue = { [unowned subscriber] _ in
            depth += 1
            deepest = max(deepest, depth)
            subscriber.subscription?.request(.max(1))
            depth -= 1
        }
        (1...100).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, Array(1...100))
        XCTAssertEqual(subscriber.completions, [.finished])
        XCTAssertEqual(deepest, 1, "the request is served after receive returns, not inside it")
    }

    func testCancelStopsDeliveryAndReleasesTheSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        weak var released: DemandingSubscriber<Int, Never>?
        do {
            let subscriber = DemandingSubscriber<Int, Never>(initial: .unlimited)
            released = subscriber
            subject.subscribe(subscriber)
            subject.send(1)
            subscriber.subscription?.cancel()
            subject.send(2)
            subject.send(completion: .finished)
            XCTAssertEqual(subscriber.values, [1])
            XCTAssertEqual(subscriber.completions, [])
        }
        XCTAssertNil(released, "the subscriber keeps its subscription, yet the cycle is broken by cancel")
    }

    func testCancelFromInsideReceive() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandingSubscriber<Int, Never>(initial: .unlimited)
        subscriber.onValue = { [unowned subscriber] value in if value == 2 { subscriber.subscription?.cancel() } }
        subject.subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertFalse(subscriber.values.isEmpty)
    }

    func testTheCompletionReleasesTheSubscriber() {
        weak var released: DemandingSubscriber<String, Never>?
        do {
            let subscriber = DemandingSubscriber<String, Never>(initial: .unlimited)
            released = subscriber
            Just("a").receive(subscriber: subscriber)
            XCTAssertEqual(subscriber.values, ["a"])
        }
        XCTAssertNil(released)
    }

    func testRequestsFromOtherThreadsDeliverEachValueOnce() {
        let subscriber = DemandingSubscriber<Int, Never>(initial: .none)
        (0..<400).publisher.subscribe(subscriber)
        runConcurrently(4) { _ in
            for _ in 0..<100 { subscriber.subscription?.request(.max(1)) }
        }
        XCTAssertEqual(subscriber.values, Array(0..<400), "in order, none twice, none lost")
        subscriber.subscription?.cancel()
    }

    func testDemandArithmetic() {
        typealias Demand = Subscribers.Demand
        XCTAssertEqual(Demand.max(2) + .max(3), .max(5))
        XCTAssertEqual(Demand.max(2) + .unlimited, .unlimited)
        XCTAssertEqual(Demand.max(Int.max) + 1, .unlimited, "an overflowing sum is unlimited")
        XCTAssertEqual(Demand.max(2) - .max(5), .none, "never below none")
        XCTAssertEqual(Demand.unlimited - 1, .unlimited)
        XCTAssertEqual(Demand.max(3) - .unlimited, .none)
        XCTAssertEqual(Demand.max(3) + -1, .max(2))
        XCTAssertEqual(Demand.max(3) - Int.min, .none, "an overflowing difference is none, no trap")
        var demand = Demand.none
        demand += 2
        demand -= .max(1)
        XCTAssertTrue(demand == 1)
        XCTAssertTrue(demand > 0)
        XCTAssertTrue(demand < 2)
        XCTAssertTrue(Demand.unlimited > 1_000_000)
    }

    func testAPublisherWrittenTheCombineWayRunsThroughOperators() {
        var received: [String] = []
        var finished = false
        let cancellable = Countdown(from: 3).map { "\($0)" }.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        XCTAssertEqual(received, ["3", "2", "1"])
        XCTAssertTrue(finished)
        cancellable.cancel()
    }

    func testCancellingCancelsTheCustomPublishersSubscription() {
        let publisher = TickingPublisher()
        var received: [Int] = []
        let cancellable = publisher.sink { received.append($0) }
        publisher.tick()
        publisher.tick()
        XCTAssertEqual(publisher.requested, [.unlimited], "asObservable asks for everything once")
        cancellable.cancel()
        XCTAssertTrue(publisher.isCancelled)
        publisher.tick()
        XCTAssertEqual(received, [1, 2])
    }

    func testACustomSubscriberOnACustomPublisherIsHandedToItsReceive() {
        // As in Combine, the publisher's own `receive(subscriber:)` runs: this one ignores demand.
        let subscriber = DemandingSubscriber<Int, Never>(initial: .max(2))
        Countdown(from: 5).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [5, 4, 3, 2, 1])
        XCTAssertEqual(subscriber.completions, [.finished])
        let throughAnOperator = DemandingSubscriber<Int, Never>(initial: .max(2))
        Countdown(from: 5).map { $0 }.subscribe(throughAnOperator)
        XCTAssertEqual(
            throughAnOperator.values, [5, 4, 3, 2, 1],
            "map hands on the publisher's own subscription, as in Combine: what it sends arrives")
        XCTAssertEqual(throughAnOperator.completions, [.finished])
    }

    func testACustomPublisherBridgesToTheRxDialect() {
        var received: [Int] = []
        _ = Countdown(from: 2).asObservable().map { $0 * 10 }.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [20, 10])
    }

    func testAnySubscriberFromClosures() {
        var values: [Int] = []
        var completion: Subscribers.Completion<Never>?
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.max(2)) },
            receiveValue: { value in
                values.append(value)
                return .none
            },
            receiveCompletion: { completion = $0 })
        [1, 2, 3].publisher.map { $0 }.subscribe(subscriber)
        XCTAssertEqual(values, [1, 2], "the demand of the closure subscriber holds")
        XCTAssertNil(completion)
    }

    func testAnySubscriberWrapsASubscriberAndASubject() {
        let inner = DemandingSubscriber<Int, TestFailure>(initial: .unlimited)
        let subject = PassthroughSubject<Int, TestFailure>()
        subject.subscribe(AnySubscriber(inner))
        subject.send(1)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(inner.values, [1])
        XCTAssertEqual(inner.completions, [.failure(.boom)])

        let target = CurrentValueSubject<Int, Never>(0)
        let recorder = CombineRecorder(target)
        [4, 5].publisher.subscribe(AnySubscriber(target))
        XCTAssertEqual(recorder.events, [.value(0), .value(4), .value(5), .completion(.finished)])
    }

    func testSubscribersSinkReceivesEverythingAndReleasesItsClosuresAtTheEnd() {
        var values: [Int] = []
        var completions = 0
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        XCTAssertNotNil(sink.receiveValue)
        [1, 2, 3].publisher.subscribe(sink)
        XCTAssertEqual(values, [1, 2, 3])
        XCTAssertEqual(completions, 1)
        XCTAssertNil(sink.receiveValue, "the completion released the closures")
        XCTAssertNil(sink.receiveCompletion)
    }

    func testSubscribersSinkCancelStopsItAndCancelsTheSubscription() {
        let publisher = TickingPublisher()
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        publisher.subscribe(sink)
        let cancellable = AnyCancellable(sink)
        publisher.tick()
        cancellable.cancel()
        publisher.tick()
        XCTAssertEqual(values, [1])
        XCTAssertTrue(publisher.isCancelled)
        XCTAssertEqual(publisher.requested, [.unlimited])
    }

    func testSubscribersAssignWritesTheProperty() {
        final class Label {
            var text = ""
        }
        let label = Label()
        let subject = PassthroughSubject<String, Never>()
        let assign = Subscribers.Assign(object: label, keyPath: \Label.text)
        subject.subscribe(assign)
        subject.send("a")
        XCTAssertEqual(label.text, "a")
        XCTAssertTrue(assign.object === label)
        assign.cancel()
        subject.send("b")
        XCTAssertEqual(label.text, "a", "nothing written after cancel")
        XCTAssertNil(assign.object, "the object is released")
    }
}

/// A publisher written the Combine way: it counts down to 1 as soon as it is subscribed.
private struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let from: Int

    init(from: Int) { self.from = from }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Subscriptions.empty)
        for value in (1...from).reversed() { _ = subscriber.receive(value) }
        subscriber.receive(completion: .finished)
    }
}

/// A publisher written the Combine way that sends when told to, with a subscription that records
/// its requests and its cancellation.
private final class TickingPublisher: Publisher, Subscription, @unchecked Sendable {
    // @unchecked Sendable: used on one thread by the test.
    typealias Output = Int
    typealias Failure = Never
    private var subscriber: ((Int) -> Void)?
    private var count = 0
    var requested: [Subscribers.Demand] = []
    var isCancelled = false

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = { _ = subscriber.receive($0) }
        subscriber.receive(subscription: self)
    }

    func tick() {
        count += 1
        if !isCancelled { subscriber?(count) }
    }

    func request(_ demand: Subscribers.Demand) { requested.append(demand) }

    func cancel() {
        isCancelled = true
        subscriber = nil
    }
}
