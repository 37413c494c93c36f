import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class RepeatElementTests: RivuletTestCase {
    func testRepeatsUntilDisposed() {
        var values: [String] = []
        _ = Observable.repeatElement("a").take(3).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, ["a", "a", "a"])
    }

    func testOnAScheduler() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) { Observable.repeatElement(7, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 7), .next(202, 7), .next(203, 7)])
    }
}
