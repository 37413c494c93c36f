import RivuletCombine
import TestSupport
import XCTest

/// `removeDuplicates`, `scan`, `drop(while:)` and `prefix(while:)` (and their `try` forms) on the
/// demand path, as Combine documents them.
final class StatefulOperatorDemandTests: RivuletTestCase {
    func testRemoveDuplicatesAsksForOneMorePerDuplicate() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .none)
        publisher.removeDuplicates().subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(publisher.send(1), .max(1), "a duplicate is dropped and replaced")
        XCTAssertEqual(publisher.send(2), .none)
        XCTAssertEqual(subscriber.log, ["subscription(RemoveDuplicates)", "value(1)", "value(2)"])
        XCTAssertEqual(publisher.subscriberMirror?.children.map(\.label), ["downstream", "last"])
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
    }

    func testTryRemoveDuplicatesFailsOnAThrowAndCancelsOnce() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2))
        publisher.tryRemoveDuplicates { _, new in
            if new == 9 { throw TestFailure.boom }
            return false
        }.subscribe(subscriber)
        publisher.send(1)
        publisher.send(9)
        publisher.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(TryRemoveDuplicates)", "value(1)", "failure(boom)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
    }

    func testScanIsTransparentWithTheRunningResultInItsMirror() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.scan(10, +).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(2), .max(1))
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "value(11)", "value(13)"])
        XCTAssertEqual(publisher.subscriberDescription, "Scan")
        XCTAssertEqual(
            publisher.subscriberMirror?.children.map { "\($0.label ?? ""): \($0.value)" },
            ["downstream: RecordingSubscriber", "result: 13"])
    }

    func testTryScanCancelsOnceOnAThrow() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2), perValue: .max(1))
        publisher.tryScan(0) { sum, value in
            if value == 3 { throw TestFailure.other }
            return sum + value
        }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(3), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(TryScan)", "value(1)", "failure(other)"])
        XCTAssertEqual(publisher.subscriberMirror?.children.map(\.label), ["downstream", "status", "result"])
    }

    func testDropWhileAsksForOneMorePerDroppedValue() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2), perValue: .max(5))
        publisher.drop { $0 < 3 }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(2), .max(1))
        XCTAssertEqual(publisher.send(3), .max(5))
        XCTAssertEqual(publisher.send(1), .max(5), "once passing, everything passes")
        XCTAssertEqual(subscriber.log, ["subscription(DropWhile)", "value(3)", "value(1)"])
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
    }

    func testTryDropWhileFailsOnAThrow() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2))
        publisher.tryDrop { _ in throw TestFailure.boom }.subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(subscriber.log, ["subscription(TryDropWhile)", "failure(boom)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
    }

    func testPrefixWhileCancelsTheUpstreamOnceAndFinishes() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.prefix { $0 < 3 }.subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(3), .none)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(publisher.send(2), .none)
        publisher.send(completion: .finished)
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel], "cancelled exactly once")
        XCTAssertEqual(subscriber.log, ["subscription(PrefixWhile)", "value(1)", "finished"])
        XCTAssertEqual(publisher.subscriberMirror?.children.map(\.label), ["downstream"])
    }

    func testTryPrefixWhileFailsOnAThrow() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(2))
        publisher.tryPrefix { value in
            if value > 1 { throw TestFailure.other }
            return true
        }.subscribe(subscriber)
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(TryPrefixWhile)", "value(1)", "failure(other)"])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
    }
}
