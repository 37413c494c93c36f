import Foundation
import TestSupport
import XCTest

@testable import Rivulet

/// `AtomicCell`'s read-modify-write operations return what `Synchronization.Atomic`'s do: the
/// compare-exchange reports whether it stored and the value it found, for every word size.
final class AtomicCellTests: RivuletTestCase {
    func testCompareExchangeStoresOnlyWhenTheValueIsTheExpectedOneAndReturnsTheValueFound() {
        func check<Value: AtomicCellValue & Equatable>(_ initial: Value, _ other: Value, _ third: Value) {
            let cell = AtomicCell<Value>(initial)
            let missed = cell.compareExchange(expected: other, desired: third, ordering: .acquiringAndReleasing)
            XCTAssertFalse(missed.exchanged)
            XCTAssertEqual(missed.original, initial)
            XCTAssertEqual(cell.load(ordering: .relaxed), initial)
            let hit = cell.compareExchange(expected: initial, desired: third, ordering: .acquiringAndReleasing)
            XCTAssertTrue(hit.exchanged)
            XCTAssertEqual(hit.original, initial)
            XCTAssertEqual(cell.load(ordering: .relaxed), third)
        }
        check(UInt8(7), 8, 9)
        check(UInt32(0xFFFF_FFF0), 1, 2)
        check(UInt64.max, 0, 1 << 40)
        check(UInt(5), 0, 42)
        check(Int(-5), 0, 42)
        check(true, false, false)
    }

    func testLockExcludesConcurrentIncrements() {
        final class Counter: @unchecked Sendable {
            let lock = Lock()
            var value = 0
        }
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 { counter.lock.withLock { counter.value += 1 } }
        }
        XCTAssertEqual(counter.lock.withLock { counter.value }, 80_000)
    }
}
