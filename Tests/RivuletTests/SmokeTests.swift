import Rivulet
import TestSupport
import XCTest

final class SmokeTests: RivuletTestCase {
    func testMapOverSubject() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let disposable = subject.map { $0 * 10 }.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        disposable.dispose()
        subject.onNext(3)
        XCTAssertEqual(received, [10, 20])
        XCTAssertFalse(subject.hasObservers)
    }
}
