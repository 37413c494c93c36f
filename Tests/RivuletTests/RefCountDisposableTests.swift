import Rivulet
import TestSupport
import XCTest

final class RefCountDisposableTests: RivuletTestCase {
    func testDisposingThePrimaryWithNoDependentDisposesAtOnce() {
        let wrapped = CountingDisposable()
        let refCount = RefCountDisposable(disposable: wrapped)
        XCTAssertFalse(refCount.isDisposed)
        refCount.dispose()
        XCTAssertEqual(wrapped.disposeCount, 1)
        XCTAssertTrue(refCount.isDisposed)
        refCount.dispose()
        XCTAssertEqual(wrapped.disposeCount, 1)
    }

    func testTheWrappedDisposableWaitsForTheLastDependent() {
        let wrapped = CountingDisposable()
        let refCount = RefCountDisposable(disposable: wrapped)
        let first = refCount.retain()
        let second = refCount.retain()
        refCount.dispose()
        XCTAssertEqual(wrapped.disposeCount, 0)
        XCTAssertFalse(refCount.isDisposed)
        first.dispose()
        first.dispose()  // a dependent releases once
        XCTAssertEqual(wrapped.disposeCount, 0)
        second.dispose()
        XCTAssertEqual(wrapped.disposeCount, 1)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testDependentsDisposedFirstLeaveThePrimaryInCharge() {
        let wrapped = CountingDisposable()
        let refCount = RefCountDisposable(disposable: wrapped)
        refCount.retain().dispose()
        XCTAssertEqual(wrapped.disposeCount, 0)
        refCount.dispose()
        XCTAssertEqual(wrapped.disposeCount, 1)
    }

    func testRetainAfterTheEndIsAnEmptyDisposable() {
        let wrapped = CountingDisposable()
        let refCount = RefCountDisposable(disposable: wrapped)
        refCount.dispose()
        let late = refCount.retain()
        late.dispose()
        XCTAssertEqual(wrapped.disposeCount, 1)
    }

    func testConcurrentDependentsDisposeTheWrappedOnceAfterTheLast() {
        let wrapped = CountingDisposable()
        let refCount = RefCountDisposable(disposable: wrapped)
        let dependents = (0..<64).map { _ in refCount.retain() }
        refCount.dispose()
        runConcurrently(64) { index in dependents[index].dispose() }
        XCTAssertEqual(wrapped.disposeCount, 1)
    }
}
