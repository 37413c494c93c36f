import Rivulet
import TestSupport
import XCTest

final class NeverTests: RivuletTestCase {
    func testSendsNothingAndDisposes() {
        var events = 0
        var disposed = 0
        let subscription = Observable<Int>.never().subscribe(
            onNext: { _ in events += 1 }, onError: { _ in events += 1 }, onCompleted: { events += 1 },
            onDisposed: { disposed += 1 })
        XCTAssertEqual(events, 0)
        XCTAssertEqual(disposed, 0)
        subscription.dispose()
        XCTAssertEqual(events, 0)
        XCTAssertEqual(disposed, 1)
    }
}
