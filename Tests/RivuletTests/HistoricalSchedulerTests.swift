import Foundation
import Rivulet
import TestSupport
import XCTest

final class HistoricalSchedulerTests: RivuletTestCase {
    private func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    func testTheClockStartsAt1970AndWorkRunsAtItsDate() {
        let scheduler = HistoricalScheduler()
        XCTAssertEqual(scheduler.now, date(0))
        var log: [(String, Date)] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            log.append(("b", scheduler.now))
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            log.append(("a", scheduler.now))
            // Work scheduled for "now" runs at the clock (TestScheduler would add a step).
            _ = scheduler.schedule(()) { _ in
                log.append(("now", scheduler.now))
                return Disposables.create()
            }
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log.map(\.0), ["a", "now", "b"])
        XCTAssertEqual(log.map(\.1), [date(10), date(10), date(20)])
        XCTAssertEqual(scheduler.clock, date(20))
    }

    func testAdvanceToRunsTheDueWorkAndSetsTheClock() {
        let scheduler = HistoricalScheduler(initialClock: date(100))
        var ran: [Date] = []
        for delay in [5, 15] {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(delay)) { _ in
                ran.append(scheduler.now)
                return Disposables.create()
            }
        }
        scheduler.advanceTo(date(110))
        XCTAssertEqual(ran, [date(105)])
        XCTAssertEqual(scheduler.clock, date(110))
        scheduler.sleep(3)
        XCTAssertEqual(scheduler.now, date(113))
        scheduler.start()
        XCTAssertEqual(ran, [date(105), date(115)])
    }

    func testOperatorsTimeOnTheHistoricalClock() {
        let scheduler = HistoricalScheduler()
        var events: [(Int, Date)] = []
        let subscription = Observable<Int>.interval(.seconds(60), scheduler: scheduler).take(2)
            .subscribe(onNext: { events.append(($0, scheduler.now)) })
        scheduler.start()
        XCTAssertEqual(events.map(\.0), [0, 1])
        XCTAssertEqual(events.map(\.1), [date(60), date(120)])
        subscription.dispose()
    }
}
