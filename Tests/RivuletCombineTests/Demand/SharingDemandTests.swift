import TestSupport
import XCTest

@testable import RivuletCombine

/// `multicast`, `makeConnectable`, `autoconnect` and `share` on the demand path, as Combine's: each
/// subscriber gets a subscription of its own on the subject (`"Multicast"`) whose demand is its
/// own; `connect()` attaches the subject to the upstream, which is asked for `.unlimited`;
/// `autoconnect()` connects at the first subscriber and disconnects at the last cancel.
final class SharingDemandTests: RivuletTestCase {
    private typealias Upstream = RecordingPublisher<Int, TestFailure>

    // MARK: - multicast, makeConnectable

    func testTheDemandASubscriberReturnsGoesToTheSubjectAsARequest() {
        let upstream = Upstream()
        let subject = RecordingSubject()
        let multicast = upstream.multicast { subject }
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(1), perValue: .max(3))
        multicast.subscribe(subscriber)
        XCTAssertEqual(subject.subscription.log, [.request(.max(1))])
        XCTAssertEqual(subject.sendReturningDemand(7), .none, "as Combine's: requested, not returned")
        XCTAssertEqual(subject.subscription.log, [.request(.max(1)), .request(.max(3))])
        XCTAssertEqual(subscriber.values, [7])
        subscriber.subscription?.cancel()
    }

    func testEachSubscriberHasAMulticastSubscriptionWithItsOwnDemand() {
        let upstream = Upstream()
        let multicast = upstream.multicast(subject: PassthroughSubject())
        let (two, one) = (
            RecordingSubscriber<Int, TestFailure>(initial: .max(2)),
            RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        )
        multicast.subscribe(two)
        multicast.subscribe(one)
        XCTAssertEqual(two.log, ["subscription(Multicast)"])
        let mirror = two.subscription.flatMap { ($0 as? CustomReflectable)?.customMirror }
        XCTAssertNotNil(mirror)
        XCTAssertEqual(mirror?.children.count, 0, "no children, as Combine's")
        XCTAssertEqual(upstream.subscriberCount, 0, "nothing is subscribed before connect()")
        let connection = multicast.connect()
        XCTAssertEqual(upstream.subscriberDescription, "Subject", "the subject is the upstream's subscriber")
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        for value in 1...3 { XCTAssertEqual(upstream.send(value), .none) }
        XCTAssertEqual(two.values, [1, 2])
        XCTAssertEqual(one.values, [1], "the subject drops what a subscriber has not asked for")
        one.subscription?.request(.max(1))
        upstream.send(4)
        XCTAssertEqual(one.values, [1, 4])
        connection.cancel()
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited), .cancel])
        XCTAssertEqual(two.completions.count, 0, "disconnecting does not end the subscribers")
        two.subscription?.cancel()
        one.subscription?.cancel()
    }

    func testASubscriberCancelsOnlyItsOwnSubscriptionOnce() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let multicast = Upstream().multicast(subject: subject)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        let other = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        multicast.subscribe(subscriber)
        multicast.subscribe(other)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subject.send(1)
        XCTAssertEqual(subscriber.values, [])
        XCTAssertEqual(other.values, [1])
        let mirror = subscriber.subscription.map { Mirror(reflecting: $0) }
        XCTAssertEqual(mirror?.children.count, 0, "no children, as Combine's")
        other.subscription?.cancel()
    }

    func testASubscriberAfterTheUpstreamCompletedGetsTheCompletion() {
        let upstream = Upstream()
        let connectable = upstream.makeConnectable()
        let connection = connectable.connect()
        upstream.send(completion: .finished)
        let late = RecordingSubscriber<Int, TestFailure>(initial: nil)
        connectable.subscribe(late)
        XCTAssertEqual(late.log, ["subscription(Multicast)", "finished"])
        XCTAssertEqual(upstream.subscriberCount, 1, "not subscribed again")
        connection.cancel()
    }

    func testConnectingRivuletPublishersStaysOnTheEngine() {
        let source = PassthroughSubject<Int, Never>()
        let connectable = source.map { $0 * 2 }.makeConnectable()
        XCTAssertTrue(connectable.isExactOnEngine)
        var received: [Int] = []
        let cancellable = connectable.sink { received.append($0) }
        let connection = connectable.connect()
        source.send(1)
        connection.cancel()
        source.send(2)
        XCTAssertEqual(received, [2])
        cancellable.cancel()
    }

    // MARK: - autoconnect

    func testAutoconnectConnectsAtTheFirstSubscriberAndDisconnectsAtTheLastCancel() {
        let upstream = Upstream()
        let connectable = RecordingConnectable(upstream)
        let autoconnect = connectable.autoconnect()
        let first = RecordingSubscriber<Int, TestFailure>(initial: .max(1))
        autoconnect.subscribe(first)
        XCTAssertEqual(connectable.connections, 1)
        XCTAssertEqual(upstream.subscriberDescription, "Autoconnect")
        XCTAssertEqual(upstream.subscriberMirror.map { $0.children.map(\.label) }, ["parent", "downstream"])
        XCTAssertEqual(first.log, ["subscription(RecordingSubscription)"], "the upstream's subscription's name")
        XCTAssertEqual(first.subscription?.combineIdentifier, upstream.subscription.combineIdentifier)
        let second = RecordingSubscriber<Int, TestFailure>(initial: .max(2))
        autoconnect.subscribe(second)
        XCTAssertEqual(connectable.connections, 1)
        XCTAssertEqual(upstream.subscription.log, [.request(.max(1)), .request(.max(2))], "requests pass")
        first.subscription?.cancel()
        XCTAssertEqual(connectable.disconnections, 0)
        second.subscription?.cancel()
        second.subscription?.cancel()
        XCTAssertEqual(connectable.disconnections, 1, "the last cancel disconnects, once")
        XCTAssertEqual(
            upstream.subscription.log, [.request(.max(1)), .request(.max(2)), .cancel, .cancel, .cancel],
            "every cancel passes on, as in Combine")
        let third = RecordingSubscriber<Int, TestFailure>(initial: nil)
        autoconnect.subscribe(third)
        XCTAssertEqual(connectable.connections, 2, "a later subscriber connects again")
        third.subscription?.cancel()
    }

    func testAutoconnectPassesEveryEventOn() {
        let upstream = Upstream()
        let autoconnect = RecordingConnectable(upstream).autoconnect()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited, perValue: .max(3))
        autoconnect.subscribe(subscriber)
        XCTAssertEqual(upstream.send(1), .max(3))
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "value(1)", "finished"])
        subscriber.subscription?.cancel()
    }

    // MARK: - share

    func testShareAsksTheUpstreamForEverythingOnceAndKeepsEachSubscribersDemand() {
        let upstream = Upstream()
        let shared = upstream.share()
        let (one, all) = (
            RecordingSubscriber<Int, TestFailure>(initial: .max(1)),
            RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        )
        shared.subscribe(one)
        shared.subscribe(all)
        XCTAssertEqual(upstream.subscriberCount, 1)
        XCTAssertEqual(upstream.subscriberDescription, "Subject")
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(one.log, ["subscription(Multicast)"])
        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(one.values, [1])
        XCTAssertEqual(all.values, [1, 2])
        one.subscription?.cancel()
        all.subscription?.cancel()
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited), .cancel], "the last cancel disconnects")
    }

    func testShareAfterTheUpstreamCompletedSendsTheCompletionAsCombineDoes() {
        let upstream = Upstream()
        let shared = upstream.share()
        let first = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        shared.subscribe(first)
        upstream.send(completion: .finished)
        let late = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        shared.subscribe(late)
        XCTAssertEqual(late.log, ["subscription(Multicast)", "finished"])
        XCTAssertEqual(upstream.subscriberCount, 1, "not subscribed again (Rx share() would)")
        late.subscription?.cancel()
        first.subscription?.cancel()
    }

    func testSinkAndACustomSubscriberShareOneConnection() {
        let upstream = Upstream()
        let shared = upstream.map { $0 * 10 }.share()
        var sunk: [Int] = []
        let cancellable = shared.sink(receiveCompletion: { _ in }) { sunk.append($0) }
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        shared.subscribe(subscriber)
        XCTAssertEqual(upstream.subscriberCount, 1)
        upstream.send(1)
        XCTAssertEqual(sunk, [10])
        XCTAssertEqual(subscriber.values, [10])
        cancellable.cancel()
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited)], "one subscriber left")
        subscriber.subscription?.cancel()
        XCTAssertEqual(upstream.subscription.log, [.request(.unlimited), .cancel])
    }
}

/// A connectable publisher over a `RecordingPublisher`: `connect()` counts, and cancelling the
/// connection counts a disconnect; subscribers go straight to the recording publisher.
private final class RecordingConnectable: ConnectablePublisher, @unchecked Sendable {
    // @unchecked Sendable: the counts are only touched on the test's thread.
    typealias Output = Int
    typealias Failure = TestFailure

    let upstream: RecordingPublisher<Int, TestFailure>
    private(set) var connections = 0
    private(set) var disconnections = 0

    init(_ upstream: RecordingPublisher<Int, TestFailure>) {
        self.upstream = upstream
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestFailure {
        upstream.receive(subscriber: subscriber)
    }

    func connect() -> any Cancellable {
        connections += 1
        return AnyCancellable { self.disconnections += 1 }
    }
}

/// A subject that records what its subscriber asks of it (a `RecordingPublisher` with `Subject`'s
/// sends), to see what `multicast`'s subscription asks the subject for.
private final class RecordingSubject: Subject, @unchecked Sendable {
    // @unchecked Sendable: `RecordingPublisher` is thread-safe.
    typealias Output = Int
    typealias Failure = TestFailure
    private let publisher = RecordingPublisher<Int, TestFailure>()

    var subscription: RecordingSubscription { publisher.subscription }

    func send(_ value: Int) { _ = publisher.send(value) }
    func send(completion: Subscribers.Completion<TestFailure>) { publisher.send(completion: completion) }
    func send(subscription: Subscription) {}
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestFailure {
        publisher.receive(subscriber: subscriber)
    }

    /// Sends `value` and returns the demand the subscriber answered.
    func sendReturningDemand(_ value: Int) -> Subscribers.Demand { publisher.send(value) }
}
