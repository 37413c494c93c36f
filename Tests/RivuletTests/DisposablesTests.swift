import Rivulet
import TestSupport
import XCTest

final class DisposablesTests: RivuletTestCase {
    func testCreateEmptyDoesNothingAndCanBeDisposedRepeatedly() {
        let disposable = Disposables.create()
        disposable.dispose()
        disposable.dispose()
    }

    func testCreateWithClosureRunsItExactlyOnce() {
        var calls = 0
        let disposable = Disposables.create { calls += 1 }
        XCTAssertFalse(disposable.isDisposed)
        XCTAssertEqual(calls, 0)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        disposable.dispose()
        XCTAssertEqual(calls, 1)
    }

    func testCreateWithClosureRunsItOnceUnderConcurrentDispose() {
        let counter = CountingDisposable()
        let disposable = Disposables.create { counter.dispose() }
        runConcurrently(8) { _ in disposable.dispose() }
        XCTAssertEqual(counter.disposeCount, 1)
    }

    func testCreateWithClosureReleasesTheClosureAfterDispose() {
        final class Token {}
        var token: Token? = Token()
        weak let weakToken = token
        let disposable = Disposables.create { [token] in _ = token }
        token = nil
        XCTAssertNotNil(weakToken)
        disposable.dispose()
        XCTAssertNil(weakToken, "the closure is released once it has run")
    }

    func testCreateWithTwoDisposables() {
        let parts = (0..<2).map { _ in CountingDisposable() }
        let disposable = Disposables.create(parts[0], parts[1])
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1])
    }

    func testCreateWithThreeDisposables() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        let disposable = Disposables.create(parts[0], parts[1], parts[2])
        XCTAssertEqual(parts.map(\.disposeCount), [0, 0, 0])
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1])
    }

    func testCreateWithFourDisposables() {
        let parts = (0..<4).map { _ in CountingDisposable() }
        let disposable = Disposables.create(parts[0], parts[1], parts[2], parts[3])
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1])
    }

    func testCreateWithFiveDisposables() {
        let parts = (0..<5).map { _ in CountingDisposable() }
        let disposable = Disposables.create(parts[0], parts[1], parts[2], parts[3], parts[4])
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1, 1])
    }

    func testCreateWithAnArray() {
        for count in 0...5 {
            let parts = (0..<count).map { _ in CountingDisposable() }
            let disposable = Disposables.create(parts)
            XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 0, count: count))
            disposable.dispose()
            disposable.dispose()
            XCTAssertTrue(disposable.isDisposed, "count \(count)")
            XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 1, count: count), "count \(count)")
        }
    }

    func testDisposedByAddsToTheBag() {
        let part = CountingDisposable()
        do {
            let bag = DisposeBag()
            part.disposed(by: bag)
            XCTAssertFalse(part.isDisposed)
        }
        XCTAssertEqual(part.disposeCount, 1)
    }
}
