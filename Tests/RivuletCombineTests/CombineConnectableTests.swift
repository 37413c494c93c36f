import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `makeConnectable()`, `multicast`, `connect()` and `autoconnect()`.
final class CombineConnectableTests: RivuletTestCase {
    private typealias Probe = ProbePublisher<Int, TestFailure>

    // MARK: makeConnectable, connect

    func testNothingFlowsUntilConnectAndThenEverySubscriberSharesOneSubscription() {
        let probe = Probe()
        let connectable: Publishers.MakeConnectable<Probe> = probe.makeConnectable()
        let a = CombineRecorder(connectable)
        let b = CombineRecorder(connectable)
        XCTAssertEqual(probe.subscribeCount, 0, "subscribing does not connect")
        let connection = connectable.connect()
        XCTAssertEqual(probe.subscribeCount, 1)
        probe.send(1)
        probe.send(completion: .failure(.boom))
        let expected: [Received<Int, TestFailure>] = [.value(1), .completion(.failure(.boom))]
        XCTAssertEqual(a.events, expected)
        XCTAssertEqual(b.events, expected)
        XCTAssertEqual(CombineRecorder(connectable).events, [.completion(.failure(.boom))], "the subject has ended")
        connection.cancel()
    }

    func testCancellingTheConnectionDisconnectsWithoutEndingTheSubscribers() {
        let probe = Probe()
        let connectable = probe.makeConnectable()
        let recorder = CombineRecorder(connectable)
        let connection = connectable.connect()
        probe.send(1)
        connection.cancel()
        XCTAssertFalse(probe.isSubscribed)
        probe.send(2)
        XCTAssertEqual(recorder.events, [.value(1)])
        let again = connectable.connect()
        XCTAssertEqual(probe.subscribeCount, 2, "each connect subscribes the upstream")
        probe.send(3)
        XCTAssertEqual(recorder.events, [.value(1), .value(3)])
        again.cancel()
    }

    func testReleasingTheConnectionDoesNotDisconnect() {
        let probe = Probe()
        let connectable = probe.makeConnectable()
        let recorder = CombineRecorder(connectable)
        _ = connectable.connect()
        probe.send(1)
        XCTAssertTrue(probe.isSubscribed, "as in Combine, only cancel() disconnects")
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(1), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)
    }

    // MARK: multicast

    func testMulticastCreatesItsSubjectOnceWhenFirstNeeded() {
        let probe = Probe()
        var created = 0
        let multicast: Publishers.Multicast<Probe, CurrentValueSubject<Int, TestFailure>> = probe.multicast {
            created += 1
            return CurrentValueSubject(0)
        }
        XCTAssertEqual(created, 0)
        let a = CombineRecorder(multicast)
        XCTAssertEqual(created, 1)
        XCTAssertEqual(a.values, [0], "a CurrentValueSubject replays its value")
        let connection = multicast.connect()
        probe.send(5)
        let b = CombineRecorder(multicast)
        XCTAssertEqual(created, 1)
        XCTAssertEqual(a.values, [0, 5])
        XCTAssertEqual(b.values, [5])
        connection.cancel()
        XCTAssertFalse(probe.isSubscribed)
    }

    func testMulticastThroughAGivenSubject() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let probe = Probe()
        let multicast = probe.multicast(subject: subject)
        let recorder = CombineRecorder(multicast)
        let direct = CombineRecorder(subject)
        let connection = multicast.connect()
        probe.send(1)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(direct.values, [1], "the values go through the given subject")
        connection.cancel()
    }

    // MARK: autoconnect

    func testAutoconnectConnectsOnTheFirstSubscriberAndDisconnectsAfterTheLastCancel() {
        let probe = Probe()
        let auto: Publishers.Autoconnect<Publishers.MakeConnectable<Probe>> = probe.makeConnectable().autoconnect()
        let a = CombineRecorder(auto)
        XCTAssertEqual(probe.subscribeCount, 1)
        probe.send(1)
        let b = CombineRecorder(auto)
        XCTAssertEqual(probe.subscribeCount, 1, "the second subscriber shares the connection")
        probe.send(2)
        a.cancellable?.cancel()
        XCTAssertTrue(probe.isSubscribed)
        probe.send(3)
        b.cancellable?.cancel()
        XCTAssertFalse(probe.isSubscribed, "the last cancel disconnects")
        XCTAssertEqual(a.values, [1, 2])
        XCTAssertEqual(b.values, [2, 3])

        let c = CombineRecorder(auto)
        XCTAssertEqual(probe.subscribeCount, 2, "a subscriber after that connects again")
        probe.send(4)
        XCTAssertEqual(c.values, [4])
        c.cancellable?.cancel()
        XCTAssertFalse(probe.isSubscribed)
    }

    func testAnAutoconnectedUpstreamThatFinishedIsNotConnectedAgain() {
        var subscriptions = 0
        let upstream = Deferred { () -> Just<Int> in
            subscriptions += 1
            return Just(subscriptions)
        }
        let auto = upstream.makeConnectable().autoconnect()
        XCTAssertEqual(CombineRecorder(auto).events, [.value(1), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(auto).events, [.completion(.finished)])
        XCTAssertEqual(subscriptions, 1, "finishing is not cancelling: the connection stays")
    }

    func testAutoconnectWithConcurrentSubscribersAndCancels() {
        let subject = PassthroughSubject<Int, Never>()
        let lock = NSLock()
        var connections = 0
        var disconnections = 0
        let auto = subject.handleEvents(
            receiveSubscription: { _ in lock.withLock { connections += 1 } },
            receiveCancel: { lock.withLock { disconnections += 1 } }
        ).makeConnectable().autoconnect()
        runConcurrently(4) { thread in
            for round in 0..<200 {
                let cancellable = auto.sink { _ in }
                if round % 3 == thread % 3 { subject.send(round) }
                cancellable.cancel()
            }
        }
        lock.withLock {
            XCTAssertGreaterThan(connections, 0)
            XCTAssertEqual(connections, disconnections, "every connection was cancelled once nobody was left")
        }
    }
}
