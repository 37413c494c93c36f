import Rivulet
import TestSupport
import XCTest

final class BooleanDisposableTests: RivuletTestCase {
    func testStartsNotDisposedAndRecordsDispose() {
        let disposable = BooleanDisposable()
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCanStartDisposed() {
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)
        XCTAssertFalse(BooleanDisposable(isDisposed: false).isDisposed)
    }
}
