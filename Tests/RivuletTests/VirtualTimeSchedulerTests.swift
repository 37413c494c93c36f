import Foundation
import Rivulet
import TestSupport
import XCTest

/// A converter whose virtual time is whole seconds since 1970, to test the generic base.
private struct SecondsConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime { Date(timeIntervalSince1970: TimeInterval(virtualTime)) }
    func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970.rounded()) }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        TimeInterval(virtualTimeInterval)
    }
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval.rounded()) }
    func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}

final class VirtualTimeSchedulerTests: RivuletTestCase {
    func testBaseRunsRelativeWorkWithoutAdjustment() {
        let scheduler = VirtualTimeScheduler(initialClock: 100, converter: SecondsConverter())
        var log: [String] = []
        _ = scheduler.schedule(()) { _ in
            log.append("now@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            log.append("5s@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 2) { _ in
            log.append("2@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 100) { _ in
            log.append("abs@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        // No processing delay in the base: "now" work runs at 100, in scheduling order.
        XCTAssertEqual(log, ["now@100", "abs@100", "2@102", "5s@105"])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 105))
    }

    func testObservableOperatorsRunOnVirtualTime() {
        let scheduler = VirtualTimeScheduler(initialClock: 0, converter: SecondsConverter())
        let subject = PublishSubject<Int>()
        var received: [String] = []
        let subscription = subject.map { $0 * 2 }.subscribe(onNext: { received.append("\($0)@\(scheduler.clock)") })
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            subject.onNext(1)
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 20) { _ in
            subject.onNext(2)
            return Disposables.create()
        }
        scheduler.advanceTo(15)
        XCTAssertEqual(received, ["2@10"])
        scheduler.start()
        XCTAssertEqual(received, ["2@10", "4@20"])
        subscription.dispose()
    }
}
