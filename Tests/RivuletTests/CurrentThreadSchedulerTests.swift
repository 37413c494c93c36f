import Rivulet
import XCTest

final class CurrentThreadSchedulerTests: RealTimeTestCase {
    func testScheduleIsRequiredOutsideAndNotInsideTheTrampoline() {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var inside: Bool?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            inside = CurrentThreadScheduler.isScheduleRequired
            return Disposables.create()
        }
        XCTAssertEqual(inside, false)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testNestedScheduleRunsAfterTheCurrentActionBeforeReturning() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner 1")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("inner 3")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner 2")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer start", "outer end", "inner 1", "inner 2", "inner 3"])
    }

    func testDisposingAQueuedActionCancelsIt() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("cancelled action ran")
                return Disposables.create()
            }
            queued.dispose()
            log.append("outer")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer"])
    }

    func testDeepRecursionDoesNotGrowTheStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count = value
            if value < 100_000 { recurse(value + 1) }
        }
        XCTAssertEqual(count, 100_000)
    }

    func testEachThreadHasItsOwnTrampoline() {
        let done = expectation(description: "other thread")
        let otherRequired = LockedFlag()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            Thread.detachNewThread {
                if CurrentThreadScheduler.isScheduleRequired { otherRequired.set() }
                done.fulfill()
            }
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertTrue(otherRequired.value)
    }
}
