import Foundation
@testable import Rivulet
import XCTest

final class SerialGateTests: RivuletTestCase {
    func testDeliversInOrderAndNothingAfterTheStopEvent() {
        let recorder = EventRecorder<Int>()
        let gate = SerialGate<Int>(recorder.handler)
        gate.send(.next(1))
        gate.send(.next(2))
        gate.send(.completed)
        gate.send(.next(3))
        gate.send(.error(TestError.boom))
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testReentrantSendIsDeliveredAfterTheCurrentEvent() {
        var log: [String] = []
        var gate: SerialGate<Int>?
        gate = SerialGate<Int> { event in
            guard let value = event.element else { return }
            log.append("begin \(value)")
            if value == 1 { gate?.send(.next(2)) }
            log.append("end \(value)")
        }
        gate?.send(.next(1))
        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2"])
    }

    func testReentrantStopEventIsDeliveredAfterTheCurrentEvent() {
        let recorder = EventRecorder<Int>()
        var gate: SerialGate<Int>?
        gate = SerialGate<Int> { event in
            recorder.on(event)
            if event.element == 1 {
                gate?.send(.completed)
                gate?.send(.next(9))
            }
        }
        gate?.send(.next(1))
        gate?.send(.next(2))
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testCloseFromInsideADeliveryReturnsAtOnceAndDropsTheQueue() {
        var delivered: [Int] = []
        var gate: SerialGate<Int>?
        gate = SerialGate<Int> { event in
            guard let value = event.element else { return }
            delivered.append(value)
            if value == 1 {
                gate?.send(.next(2))
                gate?.close()
            }
        }
        gate?.send(.next(1))
        gate?.send(.next(3))
        XCTAssertEqual(delivered, [1])
    }

    func testCloseFromAnotherThreadWaitsForTheDeliveryInProgress() {
        final class Flags: @unchecked Sendable {
            // @unchecked Sendable: both flags are guarded by `lock`.
            let lock = NSLock()
            var finished = false
            var finishedWhenCloseReturned = false
        }
        let flags = Flags()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let closed = DispatchSemaphore(value: 0)
        let gate = SerialGate<Int> { _ in
            entered.signal()
            release.wait()
            flags.lock.withLock { flags.finished = true }
        }
        let shared = UncheckedSendable(gate)
        Thread { shared.value.send(.next(1)) }.start()
        entered.wait()
        Thread {
            shared.value.close()
            flags.lock.withLock { flags.finishedWhenCloseReturned = flags.finished }
            closed.signal()
        }.start()
        // close() must not return while the delivery is blocked.
        XCTAssertEqual(closed.wait(timeout: .now() + 0.2), .timedOut)
        release.signal()
        closed.wait()
        XCTAssertTrue(flags.lock.withLock { flags.finishedWhenCloseReturned })
        gate.send(.next(2))
    }

    func testEnqueueHandsDeliveryToTheCallerWhenIdle() {
        let recorder = EventRecorder<Int>()
        let gate = SerialGate<Int>(recorder.handler)
        XCTAssertTrue(gate.enqueue(.next(1)))
        XCTAssertEqual(recorder.events, [])
        gate.drain()
        XCTAssertEqual(recorder.events, [.next(1)])
        gate.send(.next(2))
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        XCTAssertTrue(gate.enqueue(.completed))
        gate.drain()
        XCTAssertFalse(gate.enqueue(.next(3)))
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testManyThreadsDeliverSeriallyWithoutLoss() {
        let threads = 4
        let perThread = 5_000
        let recorder = EventRecorder<Int>()
        let gate = SerialGate<Int>(recorder.handler)
        runConcurrently(threads) { index in
            for value in 0..<perThread { gate.send(.next(index * perThread + value)) }
        }
        gate.send(.completed)
        let values = recorder.elements
        XCTAssertEqual(values.count, threads * perThread)
        XCTAssertEqual(Set(values).count, threads * perThread)
        for index in 0..<threads {
            let own = values.filter { $0 / perThread == index }
            XCTAssertEqual(own, Array(index * perThread..<(index + 1) * perThread))
        }
        XCTAssertEqual(recorder.events.last, .completed)
    }

    func testCloseRacingWithSendersNeverDeliversAfterItReturns() {
        for _ in 0..<50 {
            let lock = NSLock()
            var closedAt: Int?
            var deliveredAfterClose = false
            var count = 0
            let gate = SerialGate<Int> { _ in
                lock.withLock {
                    count += 1
                    if closedAt != nil { deliveredAfterClose = true }
                }
            }
            runConcurrently(3) { index in
                if index == 0 {
                    for _ in 0..<100 { usleep(0) }
                    gate.close()
                    lock.withLock { closedAt = count }
                } else {
                    for value in 0..<500 { gate.send(.next(value)) }
                }
            }
            XCTAssertFalse(deliveredAfterClose)
        }
    }
}
