import Rivulet
import RivuletTest
import TestSupport
import XCTest

private struct Person: Equatable {
    let name: String
    let age: Int
}

final class DistinctUntilChangedTests: RivuletTestCase {
    func testEquatableDropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 2), .next(220, 3), .next(225, 3), .next(230, 2),
            .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTheFirstValueAlwaysPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .completed(250)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
    }

    func testKeySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "B"), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { $0.lowercased() } }
        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 11), .next(230, 12), .next(240, 3), .completed(300),
        ])
        // "Equal" when the difference is less than 5.
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) < 5 } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 11), .next(240, 3), .completed(300)])
    }

    func testComparerComparesWithTheLastValuePassedOnNotTheLastValueSeen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 0), .next(220, 3), .next(230, 6), .next(240, 9), .completed(300),
        ])
        // Each step is 3 < 5, but 6 is 6 away from 0, the last value passed on.
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) < 5 } }
        XCTAssertEqual(res.events, [.next(210, 0), .next(230, 6), .completed(300)])
    }

    func testKeySelectorAndComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "ab"), .next(220, "cd"), .next(230, "efg"), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged({ $0.count }, comparer: { $0 == $1 }) }
        XCTAssertEqual(res.events, [.next(210, "ab"), .next(230, "efg"), .completed(300)])
    }

    func testKeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Person(name: "Ann", age: 30)),
            .next(220, Person(name: "Ann", age: 31)),
            .next(230, Person(name: "Bob", age: 31)),
            .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(at: \.name) }
        XCTAssertEqual(
            res.events,
            [.next(210, Person(name: "Ann", age: 30)), .next(230, Person(name: "Bob", age: 31)), .completed(300)])
    }

    func testThrowingKeySelectorFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.distinctUntilChanged { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingComparerFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw TestError.boom }
        }
        // The comparer is not called for the first value.
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start(disposed: 215) { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testOptionalKeysCompareNilToo() {
        let values: [Int?] = [nil, nil, 1, 1, nil]
        let recorder = EventRecorder<Int?>()
        Observable.from(values).distinctUntilChanged().subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(nil), .next(1), .next(nil), .completed])
    }
}
