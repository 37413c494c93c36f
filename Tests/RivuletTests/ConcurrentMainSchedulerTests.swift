import Dispatch
import Foundation
import Rivulet
import TestSupport
import XCTest

final class ConcurrentMainSchedulerTests: RealTimeTestCase {
    func testRunsAtOnceOnTheMainThreadEvenInsideMainQueueWork() {
        var log: [String] = []
        _ = MainScheduler.instance.schedule(()) { _ in
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["inner", "outer"])
    }

    func testQueuesOnTheMainThreadFromABackgroundThread() {
        let done = expectation(description: "ran")
        let onMain = LockedFlag()
        DispatchQueue.global().async {
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                if Thread.isMainThread { onMain.set() }
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertTrue(onMain.value)
    }

    func testSubscribeOnMainSubscribesOnTheMainThread() {
        let done = expectation(description: "completed")
        let subscribedOnMain = LockedFlag()
        let source = Observable<Int>.create { observer in
            if Thread.isMainThread { subscribedOnMain.set() }
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()
        let subscription =
            source
            .subscribe(on: ConcurrentMainScheduler.instance)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .subscribe { event in
                recorder.on(event)
                if event.isCompleted { done.fulfill() }
            }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertTrue(subscribedOnMain.value)
        subscription.dispose()
    }

    func testRelativeWorkRunsOnTheMainThread() {
        let done = expectation(description: "ran")
        var ranOnMain = false
        _ = ConcurrentMainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            ranOnMain = Thread.isMainThread
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertTrue(ranOnMain)
    }
}
