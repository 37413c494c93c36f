import Rivulet
import TestSupport
import XCTest

final class CompositeDisposableTests: RivuletTestCase {
    func testInsertReturnsDistinctKeysAndCounts() {
        let composite = CompositeDisposable()
        XCTAssertEqual(composite.count, 0)
        let first = composite.insert(CountingDisposable())
        let second = composite.insert(CountingDisposable())
        XCTAssertNotNil(first)
        XCTAssertNotNil(second)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(composite.count, 2)
    }

    func testDisposeDisposesEveryMemberOnce() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        let composite = CompositeDisposable()
        for part in parts { composite.insert(part) }
        XCTAssertFalse(composite.isDisposed)
        composite.dispose()
        composite.dispose()
        XCTAssertTrue(composite.isDisposed)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1])
        XCTAssertEqual(composite.count, 0)
    }

    func testRemoveForKeyDisposesOnlyThatMember() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        let composite = CompositeDisposable()
        let keys = parts.map { composite.insert($0)! }
        composite.remove(for: keys[1])
        XCTAssertEqual(parts.map(\.disposeCount), [0, 1, 0])
        XCTAssertEqual(composite.count, 2)
        composite.remove(for: keys[1])
        XCTAssertEqual(parts.map(\.disposeCount), [0, 1, 0], "removing twice does nothing")
        composite.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1], "a removed member is not disposed again")
    }

    func testRemoveEveryKeyInAnyOrder() {
        let parts = (0..<6).map { _ in CountingDisposable() }
        let composite = CompositeDisposable()
        let keys = parts.map { composite.insert($0)! }
        for index in [3, 0, 5, 1, 4, 2] {
            composite.remove(for: keys[index])
            XCTAssertEqual(parts[index].disposeCount, 1)
        }
        XCTAssertEqual(composite.count, 0)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1, 1, 1])
    }

    func testRemoveAfterDisposeDoesNothing() {
        let part = CountingDisposable()
        let composite = CompositeDisposable()
        let key = composite.insert(part)!
        composite.dispose()
        composite.remove(for: key)
        XCTAssertEqual(part.disposeCount, 1)
    }

    func testInsertAfterDisposeDisposesAtOnceAndReturnsNil() {
        let composite = CompositeDisposable()
        composite.dispose()
        let part = CountingDisposable()
        XCTAssertNil(composite.insert(part))
        XCTAssertEqual(part.disposeCount, 1)
        XCTAssertEqual(composite.count, 0)
    }

    func testInitialisersHoldTheirArguments() {
        let parts = (0..<6).map { _ in CountingDisposable() }
        let two = CompositeDisposable(parts[0], parts[1])
        let three = CompositeDisposable(parts[0], parts[1], parts[2])
        let many = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        let array = CompositeDisposable(disposables: Array(parts.prefix(4)))
        XCTAssertEqual([two.count, three.count, many.count, array.count], [2, 3, 6, 4])
        many.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1, 1, 1])
        two.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), [2, 2, 1, 1, 1, 1])
        _ = three
        _ = array
    }

    func testMemberInsertedDuringDisposeIsDisposed() {
        let composite = CompositeDisposable()
        let late = CountingDisposable()
        composite.insert(Disposables.create { composite.insert(late) })
        composite.dispose()
        XCTAssertEqual(late.disposeCount, 1)
    }

    func testConcurrentInsertAndRemove() {
        let composite = CompositeDisposable()
        let parts = (0..<400).map { _ in CountingDisposable() }
        runConcurrently(4) { thread in
            for index in stride(from: thread, to: parts.count, by: 4) {
                let key = composite.insert(parts[index])!
                if index % 2 == 0 { composite.remove(for: key) }
            }
        }
        XCTAssertEqual(composite.count, 200)
        composite.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 1, count: 400))
    }
}
