import Foundation
import Rivulet
import TestSupport
import XCTest

final class OperationQueueSchedulerTests: RealTimeTestCase {
    func testRunsActionsOnTheOperationQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        XCTAssertTrue(scheduler.operationQueue === queue)
        XCTAssertEqual(scheduler.queuePriority, .high)
        let values = LockedValues<Int>()
        let onQueue = LockedFlag()
        let done = expectation(description: "all ran")
        for value in 0..<10 {
            _ = scheduler.schedule(value) { value in
                if OperationQueue.current === queue { onQueue.set() }
                if values.append(value) == 10 { done.fulfill() }
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values.all, Array(0..<10))
        XCTAssertTrue(onQueue.value)
    }

    func testDefaultPriorityIsNormal() {
        XCTAssertEqual(OperationQueueScheduler(operationQueue: OperationQueue()).queuePriority, .normal)
    }

    func testDisposingBeforeItRunsCancels() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let ran = LockedFlag()
        let cancelled = scheduler.schedule(()) { _ in
            ran.set()
            return Disposables.create()
        }
        cancelled.dispose()
        let done = expectation(description: "queue drained")
        _ = scheduler.schedule(()) { _ in
            done.fulfill()
            return Disposables.create()
        }
        queue.isSuspended = false
        wait(for: [done], timeout: 5)
        XCTAssertFalse(ran.value)
    }

    func testObserveOnAnOperationQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let done = expectation(description: "completed")
        let recorder = EventRecorder<Int>()
        let subscription = Observable.from(Array(0..<30)).observe(on: OperationQueueScheduler(operationQueue: queue))
            .subscribe { event in
                recorder.on(event)
                if event.isCompleted { done.fulfill() }
            }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.elements, Array(0..<30))
        subscription.dispose()
    }
}
