import Rivulet
import TestSupport
import XCTest

final class SingleAssignmentDisposableTests: RivuletTestCase {
    func testDisposeDisposesTheAssignedDisposable() {
        let holder = SingleAssignmentDisposable()
        let part = CountingDisposable()
        holder.setDisposable(part)
        XCTAssertFalse(holder.isDisposed)
        XCTAssertEqual(part.disposeCount, 0)
        holder.dispose()
        holder.dispose()
        XCTAssertTrue(holder.isDisposed)
        XCTAssertEqual(part.disposeCount, 1)
    }

    func testAssignmentAfterDisposeDisposesAtOnce() {
        let holder = SingleAssignmentDisposable()
        holder.dispose()
        XCTAssertTrue(holder.isDisposed)
        let part = CountingDisposable()
        holder.setDisposable(part)
        XCTAssertEqual(part.disposeCount, 1)
        holder.dispose()
        XCTAssertEqual(part.disposeCount, 1)
    }

    func testDisposeWithNothingAssigned() {
        let holder = SingleAssignmentDisposable()
        holder.dispose()
        XCTAssertTrue(holder.isDisposed)
    }

    func testConcurrentDisposeAndAssignDisposesExactlyOnce() {
        for _ in 0..<100 {
            let holder = SingleAssignmentDisposable()
            let part = CountingDisposable()
            runConcurrently(2) { thread in
                if thread == 0 { holder.setDisposable(part) } else { holder.dispose() }
            }
            XCTAssertEqual(part.disposeCount, 1)
        }
    }

    func testSecondAssignmentIsDisposedAndReportedWithoutStopping() {
        let holder = SingleAssignmentDisposable()
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        holder.setDisposable(first)
        var errors: [Error] = []
        let misuses = capturingMisuses { errors = capturingUnhandledErrors { holder.setDisposable(second) } }
        XCTAssertTrue(second.isDisposed, "the second disposable is disposed at once")
        XCTAssertFalse(first.isDisposed, "the first one stays held")
        XCTAssertEqual(errors.count, 0, "a misuse is not an unhandled stream error")
        XCTAssertEqual(misuses.map(\.call), ["SingleAssignmentDisposable.setDisposable(_:)"])
        XCTAssertEqual(
            misuses.first?.message,
            "SingleAssignmentDisposable was assigned twice; the second disposable (BooleanDisposable) was disposed at once"
        )
        holder.dispose()
        XCTAssertTrue(first.isDisposed)
    }
}
