import Rivulet
import RivuletTest
import XCTest

final class TestSchedulerTests: LeakCheckingTestCase {
    private func record(_ scheduler: TestScheduler, _ log: inout [String], _ label: String) {
        log.append("\(label)@\(scheduler.clock)")
    }

    func testTiesRunFirstInFirstOut() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("d@\(scheduler.clock)") }
        scheduler.start()
        XCTAssertEqual(log, ["b@10", "d@10", "a@20", "c@20"])
        XCTAssertEqual(scheduler.clock, 20)
    }

    func testWorkScheduledForTheCurrentTickFromAnActionRunsAfterTheQueuedWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(10) {
            log.append("first")
            scheduler.scheduleAt(10) { log.append("nested@\(scheduler.clock)") }
        }
        scheduler.scheduleAt(10) { log.append("second") }
        scheduler.start()
        XCTAssertEqual(log, ["first", "second", "nested@10"])
    }

    func testScheduleRunsAtNowPlusOne() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [101])
    }

    func testScheduleRelativeAtOrBeforeNowRunsAtNowPlusOne() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [String] = []
        scheduler.scheduleAt(100) {
            for (label, due) in [("zero", RxTimeInterval.seconds(0)), ("negative", .seconds(-5)), ("two", .seconds(2))]
            {
                _ = scheduler.scheduleRelative((), dueTime: due) { _ in
                    ranAt.append("\(label)@\(scheduler.clock)")
                    return Disposables.create()
                }
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, ["zero@101", "negative@101", "two@102"])
    }

    func testWithoutSimulatedProcessingDelayRelativeWorkRunsNow() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [100])
    }

    func testScheduleAtAPastTimeRunsNow() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(300) {
            scheduler.scheduleAt(50) { log.append("past@\(scheduler.clock)") }
        }
        scheduler.scheduleAt(400) { log.append("later@\(scheduler.clock)") }
        scheduler.start()
        XCTAssertEqual(log, ["past@300", "later@400"])
    }

    func testScheduleAtBeforeInitialClockRunsAtInitialClock() {
        let scheduler = TestScheduler(initialClock: 500)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) { ranAt.append(scheduler.clock) }
        scheduler.start()
        XCTAssertEqual(ranAt, [500])
    }

    func testResolutionConvertsRealIntervalsToTicks() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        var ranAt: [String] = []
        for (label, due) in [
            ("1s", RxTimeInterval.seconds(1)), ("250ms", .milliseconds(250)), ("1500us", .microseconds(1500)),
        ] {
            _ = scheduler.scheduleRelative((), dueTime: due) { _ in
                ranAt.append("\(label)@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, ["1500us@2", "250ms@250", "1s@1000"])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 1))
    }

    func testDefaultResolutionIsOneSecondPerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(2400)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [2, 30])
    }

    func testNeverDueTimeSchedulesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
            ran = true
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertFalse(ran)
        XCTAssertEqual(scheduler.clock, 0)
    }

    func testDisposingScheduledWorkCancelsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        cancelled.dispose()
        scheduler.start()
        XCTAssertEqual(log, [20])
    }

    func testDisposingAfterRunDisposesWhatTheActionReturned() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = BooleanDisposable()
        let scheduled = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in inner }
        scheduler.start()
        XCTAssertFalse(inner.isDisposed)
        scheduled.dispose()
        XCTAssertTrue(inner.isDisposed)
    }

    func testAdvanceToRunsDueWorkAndSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(scheduler.clock) }
        scheduler.scheduleAt(20) { log.append(scheduler.clock) }
        scheduler.scheduleAt(30) { log.append(scheduler.clock) }
        scheduler.advanceTo(20)
        XCTAssertEqual(log, [10, 20])
        XCTAssertEqual(scheduler.clock, 20)
        scheduler.advanceTo(25)
        XCTAssertEqual(scheduler.clock, 25)
        XCTAssertEqual(log, [10, 20])
        scheduler.start()
        XCTAssertEqual(log, [10, 20, 30])
    }

    func testAdvanceToAnEarlierTimeKeepsTheClock() {
        let scheduler = TestScheduler(initialClock: 100)
        var log: [Int] = []
        scheduler.scheduleAt(50) { log.append(scheduler.clock) }
        scheduler.advanceTo(60)
        XCTAssertEqual(log, [100])
        XCTAssertEqual(scheduler.clock, 100)
    }

    func testSleepMovesTheClockWithoutRunningWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(scheduler.clock) }
        scheduler.sleep(50)
        XCTAssertEqual(scheduler.clock, 50)
        XCTAssertEqual(log, [])
        scheduler.sleep(-10)
        XCTAssertEqual(scheduler.clock, 50)
        scheduler.start()
        XCTAssertEqual(log, [50])
    }

    func testStopEndsTheRunAfterTheCurrentAction() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) {
            log.append(scheduler.clock)
            scheduler.stop()
        }
        scheduler.scheduleAt(20) { log.append(scheduler.clock) }
        scheduler.start()
        XCTAssertEqual(log, [10])
        XCTAssertEqual(scheduler.clock, 10)
        scheduler.start()
        XCTAssertEqual(log, [10, 20])
    }

    func testStartFromInsideAnActionIsIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) {
            scheduler.start()
            scheduler.advanceTo(100)
            log.append(scheduler.clock)
        }
        scheduler.scheduleAt(20) { log.append(scheduler.clock) }
        scheduler.start()
        XCTAssertEqual(log, [10, 20])
    }

    func testSchedulePeriodicUsesVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [Int] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { count in
            ticks.append(scheduler.clock)
            return count + 1
        }
        scheduler.scheduleAt(40) { periodic.dispose() }
        scheduler.start()
        XCTAssertEqual(ticks, [5, 15, 25, 35])
    }

    func testDebugDescriptionListsTheQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.scheduleAt(30) {}
        scheduler.scheduleAt(10) {}
        XCTAssertEqual(scheduler.debugDescription, "VirtualTimeScheduler(clock: 0, queued: [10, 30])")
    }
}
