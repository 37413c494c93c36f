import Dispatch
import Foundation
import Rivulet
import TestSupport
import XCTest

final class DispatchQueueSchedulerTests: RealTimeTestCase {
    func testSerialSchedulerRunsActionsInOrderOffTheCallingThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "serial-order")
        let values = LockedValues<Int>()
        let offCaller = LockedFlag()
        let caller = Thread.current
        let done = expectation(description: "all ran")
        for value in 0..<50 {
            _ = scheduler.schedule(value) { value in
                if Thread.current != caller { offCaller.set() }
                if values.append(value) == 50 { done.fulfill() }
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values.all, Array(0..<50))
        XCTAssertTrue(offCaller.value)
    }

    func testSerialSchedulerInitialisers() {
        let configured = LockedFlag()
        let schedulers: [SerialDispatchQueueScheduler] = [
            SerialDispatchQueueScheduler(
                internalSerialQueueName: "a", serialQueueConfiguration: { _ in configured.set() }),
            SerialDispatchQueueScheduler(queue: DispatchQueue.global(), internalSerialQueueName: "b"),
            SerialDispatchQueueScheduler(qos: .userInitiated),
            SerialDispatchQueueScheduler(qos: .background, internalSerialQueueName: "c", leeway: .milliseconds(1)),
        ]
        XCTAssertTrue(configured.value)
        let done = expectation(description: "each ran")
        done.expectedFulfillmentCount = schedulers.count
        for scheduler in schedulers {
            _ = scheduler.schedule(()) { _ in
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
    }

    func testRelativeActionsRunInDueOrder() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "relative")
        let values = LockedValues<String>()
        let done = expectation(description: "both ran")
        done.expectedFulfillmentCount = 2
        _ = scheduler.scheduleRelative("later", dueTime: .milliseconds(40)) { value in
            values.append(value)
            done.fulfill()
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative("sooner", dueTime: .milliseconds(1)) { value in
            values.append(value)
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values.all, ["sooner", "later"])
    }

    func testDisposingARelativeActionCancelsIt() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let ran = LockedFlag()
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            ran.set()
            return Disposables.create()
        }
        cancelled.dispose()
        let done = expectation(description: "later action")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertFalse(ran.value)
    }

    func testDisposingAnImmediateActionBeforeItRunsCancelsIt() {
        let queue = DispatchQueue(label: "blocked")
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "blocked-serial")
        let gate = DispatchSemaphore(value: 0)
        let ran = LockedFlag()
        _ = scheduler.schedule(()) { _ in
            gate.wait()
            return Disposables.create()
        }
        let cancelled = scheduler.schedule(()) { _ in
            ran.set()
            return Disposables.create()
        }
        cancelled.dispose()
        gate.signal()
        let done = expectation(description: "queue drained")
        _ = scheduler.schedule(()) { _ in
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertFalse(ran.value)
    }

    func testPeriodicPassesStateAlongAndStopsOnDispose() {
        let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global())
        let values = LockedValues<Int>()
        let done = expectation(description: "five runs")
        let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(5)) { state in
            if values.append(state) == 5 { done.fulfill() }
            return state + 1
        }
        wait(for: [done], timeout: 5)
        periodic.dispose()
        XCTAssertEqual(Array(values.all.prefix(5)), [0, 1, 2, 3, 4])
    }

    func testConcurrentSchedulerMayRunActionsInParallel() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 20
        for _ in 0..<20 {
            _ = scheduler.schedule(()) { _ in
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
    }

    func testNowIsTheSystemClock() {
        let before = Date()
        let now = SerialDispatchQueueScheduler(qos: .default).now
        XCTAssertGreaterThanOrEqual(now, before)
        XCTAssertGreaterThanOrEqual(ConcurrentDispatchQueueScheduler(qos: .default).now, before)
    }
}
