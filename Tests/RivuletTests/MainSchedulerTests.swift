import Dispatch
import Foundation
import Rivulet
import TestSupport
import XCTest

final class MainSchedulerTests: RealTimeTestCase {
    func testInstanceRunsAtOnceOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        var ran = false
        _ = MainScheduler.instance.schedule(()) { _ in
            ran = true
            return Disposables.create()
        }
        XCTAssertTrue(ran)
    }

    func testInstanceQueuesNestedWork() {
        var log: [String] = []
        let done = expectation(description: "nested ran")
        _ = MainScheduler.instance.schedule(()) { _ in
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("nested")
                done.fulfill()
                return Disposables.create()
            }
            log.append("outer")
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log, ["outer", "nested"])
    }

    func testAsyncInstanceAlwaysQueues() {
        var ran = false
        let done = expectation(description: "ran")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            ran = true
            done.fulfill()
            return Disposables.create()
        }
        XCTAssertFalse(ran)
        wait(for: [done], timeout: 5)
        XCTAssertTrue(ran)
    }

    func testWorkFromABackgroundThreadRunsOnTheMainThread() {
        let done = expectation(description: "ran on main")
        let onMain = LockedFlag()
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                if Thread.isMainThread { onMain.set() }
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertTrue(onMain.value)
    }

    func testObserveOnMainDeliversOnTheMainThread() {
        let done = expectation(description: "completed")
        let recorder = EventRecorder<Int>()
        let allOnMain = LockedFlag()
        allOnMain.set()
        let offMain = LockedFlag()
        let subscription = Observable.of(1, 2, 3)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .observe(on: MainScheduler.instance)
            .subscribe { event in
                if !Thread.isMainThread { offMain.set() }
                recorder.on(event)
                if event.isCompleted { done.fulfill() }
            }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
        XCTAssertFalse(offMain.value)
        subscription.dispose()
    }

    func testEnsureExecutingOnSchedulerPassesOnTheMainThread() {
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureRunningOnMainThread()
    }
}

final class MainSchedulerObserveOnTests: RealTimeTestCase {
    func testObserveOnMainIsSynchronousForEventsSentOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.observe(on: MainScheduler.instance).subscribe(onNext: { received.append($0) })
        relay.accept(1)
        XCTAssertEqual(received, [1])
        relay.accept(2)
        relay.accept(3)
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
        relay.accept(4)
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testObserveOnAsyncInstanceQueuesEvenOnTheMainThread() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let done = expectation(description: "delivered")
        let subscription = relay.observe(on: MainScheduler.asyncInstance).subscribe(onNext: { value in
            received.append(value)
            if value == 2 { done.fulfill() }
        })
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(received, [])
        wait(for: [done], timeout: 5)
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }

    func testSerialQueueEventsScheduledAfterDisposeAreDropped() {
        let queue = DispatchQueue(label: "observe-on-serial-dispose")
        let scheduler = SerialDispatchQueueScheduler(
            queue: queue, internalSerialQueueName: "observe-on-serial-dispose.serial")
        let gate = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            gate.wait()
            return Disposables.create()
        }
        let subject = PublishSubject<Int>()
        let received = LockedValues<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        gate.signal()
        let drained = expectation(description: "drained")
        _ = scheduler.schedule(()) { _ in
            drained.fulfill()
            return Disposables.create()
        }
        wait(for: [drained], timeout: 5)
        XCTAssertEqual(received.all, [])
    }
}
