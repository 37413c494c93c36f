import Rivulet
import TestSupport
import XCTest

final class SerialDisposableTests: RivuletTestCase {
    func testReplacingDisposesThePrevious() {
        let serial = SerialDisposable()
        let first = CountingDisposable()
        let second = CountingDisposable()
        serial.disposable = first
        XCTAssertEqual(first.disposeCount, 0)
        serial.disposable = second
        XCTAssertEqual(first.disposeCount, 1)
        XCTAssertEqual(second.disposeCount, 0)
        XCTAssertTrue(serial.disposable as AnyObject === second)
    }

    func testDisposeDisposesTheCurrentOnce() {
        let serial = SerialDisposable()
        let part = CountingDisposable()
        serial.disposable = part
        XCTAssertFalse(serial.isDisposed)
        serial.dispose()
        serial.dispose()
        XCTAssertTrue(serial.isDisposed)
        XCTAssertEqual(part.disposeCount, 1)
    }

    func testAssignmentAfterDisposeDisposesAtOnce() {
        let serial = SerialDisposable()
        serial.dispose()
        let part = CountingDisposable()
        serial.disposable = part
        XCTAssertEqual(part.disposeCount, 1)
    }

    func testEmptyHolderReturnsANoOpDisposable() {
        let serial = SerialDisposable()
        serial.disposable.dispose()
        XCTAssertFalse(serial.isDisposed)
    }

    func testConcurrentReplacementDisposesEveryReplacedOne() {
        let serial = SerialDisposable()
        let parts = (0..<400).map { _ in CountingDisposable() }
        runConcurrently(4) { thread in
            for index in stride(from: thread, to: parts.count, by: 4) { serial.disposable = parts[index] }
        }
        serial.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 1, count: 400))
    }
}
