import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ScheduledDisposableTests: RivuletTestCase {
    func testDisposesOnTheSchedulerOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let inner = Disposables.create { disposedAt.append(scheduler.clock) }
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
        XCTAssertFalse(scheduled.isDisposed)
        scheduler.scheduleAt(100) {
            scheduled.dispose()
            scheduled.dispose()
        }
        scheduler.start()
        XCTAssertTrue(scheduled.isDisposed)
        XCTAssertEqual(disposedAt, [101])
    }
}
