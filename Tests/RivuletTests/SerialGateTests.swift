import Foundation
@testable import Rivulet
import TestSupport
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
                XCTAssertEqual(gate?.close(notifying: nil), true, "the delivering thread itself")
            }
        }
        gate?.send(.next(1))
        gate?.send(.next(3))
        XCTAssertEqual(delivered, [1])
    }

    func testCloseFromAnotherThreadReturnsAtOnceAndTheClosingSinkSettlesWhenTheDeliveryEnds() {
        final class Flags: @unchecked Sendable {
            // @unchecked Sendable: both flags are guarded by `lock`.
            let lock = NSLock()
            var finished = false
            var finishedWhenSettled = false
        }
        /// A sink whose only delivery is its gate's.
        final class GateOwner: SinkBase, @unchecked Sendable {
            // @unchecked Sendable: `gate` is set once before any other thread sees the sink.
            var gate: SerialGate<Int>!
            let settled = DispatchSemaphore(value: 0)
            var onSettle: () -> Void = {}
            override func willDispose() -> Int { gate.close(notifying: self) ? 0 : 1 }
            override func didSettle() {
                onSettle()
                settled.signal()
            }
        }
        final class SinkBox: @unchecked Sendable {
            // @unchecked Sendable: set before the thread starts, cleared after it signalled.
            var sink: GateOwner?
            init(_ sink: GateOwner) { self.sink = sink }
        }
        let flags = Flags()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let sink = GateOwner()
        sink.gate = SerialGate<Int> { _ in
            entered.signal()
            release.wait()
            flags.lock.withLock { flags.finished = true }
        }
        sink.onSettle = { flags.lock.withLock { flags.finishedWhenSettled = flags.finished } }
        // The sending thread reaches the sink through a box the test empties once the send has
        // returned, so only the test holds the sink at the end (the leak check).
        let shared = SinkBox(sink)
        let sent = DispatchSemaphore(value: 0)
        Thread {
            shared.sink?.gate.send(.next(1))
            sent.signal()
        }.start()
        entered.wait()
        // dispose() (which closes the gate) returns while the delivery is still blocked...
        sink.dispose()
        XCTAssertFalse(flags.lock.withLock { flags.finished })
        XCTAssertEqual(sink.settled.wait(timeout: .now() + 0.05), .timedOut, "not settled during the delivery")
        release.signal()
        // ...and the sink settles once that delivery has returned.
        sink.settled.wait()
        XCTAssertTrue(flags.lock.withLock { flags.finishedWhenSettled })
        sink.gate.send(.next(2))
        sent.wait()
        shared.sink = nil
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

    func testCloseRacingWithSendersDeliversAtMostTheEventInProgressAfterItReturns() {
        for _ in 0..<50 {
            let lock = NSLock()
            var closed = false
            var deliveredAfterClose = 0
            let gate = SerialGate<Int> { _ in
                lock.withLock {
                    if closed { deliveredAfterClose += 1 }
                }
            }
            runConcurrently(3) { index in
                if index == 0 {
                    for _ in 0..<100 { usleep(0) }
                    _ = gate.close(notifying: nil)
                    lock.withLock { closed = true }
                } else {
                    for value in 0..<500 { gate.send(.next(value)) }
                }
            }
            // Only one thread delivers at a time, so at most the one delivery that had started.
            XCTAssertLessThanOrEqual(deliveredAfterClose, 1)
        }
    }
}
