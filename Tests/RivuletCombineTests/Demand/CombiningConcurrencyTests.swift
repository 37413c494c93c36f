import Foundation
import RivuletCombine
import TestSupport
import XCTest

/// The combining operators with their upstreams sending from several threads at once, into a
/// custom subscriber that asks for one value at a time: calls into the subscriber never overlap,
/// nothing is lost or invented, nothing hangs (a watchdog), and everything is released (the leak
/// check).
final class CombiningConcurrencyTests: RealTimeTestCase {
    private let perThread = 2_000

    /// Sends `perThread` values into each subject, one thread per subject, and waits for both.
    private func sendConcurrently(_ subjects: [PassthroughSubject<Int, Never>]) {
        let group = DispatchGroup()
        let count = perThread
        for (index, subject) in subjects.enumerated() {
            let box = UncheckedSendableBox(subject)
            DispatchQueue.global().async(group: group) {
                for value in 0..<count { box.value.send(index * 1_000_000 + value) }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
    }

    func testMergeDeliversEveryValueOnceWithoutOverlappingCalls() {
        withWatchdog("merge") {
            let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
            let subscriber = SerialCheckingSubscriber<Int>(initial: .max(1), perValue: .max(1))
            a.merge(with: b).subscribe(subscriber)
            self.sendConcurrently([a, b])
            // A value that finds no demand waits in its upstream's slot and may be replaced (as in
            // Combine): at most one per upstream is lost to a later one, never invented.
            let received = subscriber.values
            XCTAssertEqual(Set(received).count, received.count, "no value twice")
            XCTAssertTrue(received.allSatisfy { $0 % 1_000_000 < self.perThread })
            XCTAssertEqual(subscriber.overlaps, 0)
            subscriber.cancel()
        }
    }

    func testMergeWithUnlimitedDemandLosesNothing() {
        withWatchdog("merge, unlimited") {
            let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
            let subscriber = SerialCheckingSubscriber<Int>(initial: .unlimited, perValue: .none)
            a.merge(with: b).subscribe(subscriber)
            self.sendConcurrently([a, b])
            XCTAssertEqual(subscriber.values.count, 2 * self.perThread)
            XCTAssertEqual(subscriber.overlaps, 0)
            subscriber.cancel()
        }
    }

    func testZipPairsInOrderWithoutOverlappingCalls() {
        withWatchdog("zip") {
            let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
            let subscriber = SerialCheckingSubscriber<Int>(initial: .unlimited, perValue: .none)
            a.zip(b) { $0 * 10_000 + $1 - 1_000_000 }.subscribe(subscriber)
            self.sendConcurrently([a, b])
            XCTAssertEqual(subscriber.values, (0..<self.perThread).map { $0 * 10_000 + $0 })
            XCTAssertEqual(subscriber.overlaps, 0)
            subscriber.cancel()
        }
    }

    func testCombineLatestAndSwitchToLatestNeverOverlapTheirCalls() {
        withWatchdog("combineLatest, switchToLatest") {
            let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
            let latest = SerialCheckingSubscriber<Int>(initial: .max(5), perValue: .max(1))
            a.combineLatest(b) { $0 + $1 }.subscribe(latest)
            let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let switched = SerialCheckingSubscriber<Int>(initial: .unlimited, perValue: .none)
            outer.switchToLatest().subscribe(switched)
            let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
            let group = DispatchGroup()
            let box = UncheckedSendableBox((inners, outer))
            DispatchQueue.global().async(group: group) {
                for round in 0..<200 { box.value.1.send(box.value.0[round % 4]) }
            }
            for inner in inners {
                let innerBox = UncheckedSendableBox(inner)
                DispatchQueue.global().async(group: group) { for value in 0..<500 { innerBox.value.send(value) } }
            }
            self.sendConcurrently([a, b])
            XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
            XCTAssertEqual(latest.overlaps, 0)
            XCTAssertEqual(switched.overlaps, 0)
            XCTAssertFalse(latest.values.isEmpty)
            latest.cancel()
            switched.cancel()
        }
    }
}

/// A subscriber that records its values and counts calls that overlap another call into it.
private final class SerialCheckingSubscriber<Input>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked Sendable: everything is guarded by `lock`; `inCall` detects overlaps.
    typealias Failure = Never

    private let lock = NSLock()
    private var received: [Input] = []
    private var inCall = false
    private var overlapCount = 0
    private var subscription: Subscription?
    private let initial: Subscribers.Demand
    private let perValue: Subscribers.Demand

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand) {
        self.initial = initial
        self.perValue = perValue
    }

    private func enter() {
        lock.withLock {
            if inCall { overlapCount += 1 }
            inCall = true
        }
    }

    private func leave() { lock.withLock { inCall = false } }

    func receive(subscription: Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(initial)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        lock.withLock { received.append(input) }
        // Widens the window in which an overlapping call would be seen.
        for _ in 0..<50 { _ = lock.withLock { received.count } }
        leave()
        return perValue
    }

    func receive(completion: Subscribers.Completion<Never>) {
        enter()
        leave()
    }

    func cancel() { lock.withLock { subscription.take() }?.cancel() }

    var values: [Input] { lock.withLock { received } }
    var overlaps: Int { lock.withLock { overlapCount } }
}
