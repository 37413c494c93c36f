import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SkipWhileTests: RivuletTestCase {
    func testSkipsWhileThePredicateHoldsThenPassesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
            xs.skip(while: { value in
                calls += 1
                return value < 3
            })
        }
        XCTAssertEqual(res.events, [.next(230, 3), .next(240, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(calls, 3, "the predicate is not called once it has returned false")
    }

    func testPredicateAlwaysTrueOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.skip(while: { _ in true }) }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingPredicateFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.skip(while: { value in
                if value == 2 { throw TestError.boom }
                return true
            })
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .next(220, 6), .completed(300)])
        let res = scheduler.start(disposed: 215) { xs.skip(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(210, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        let recorder = EventRecorder<Int>()
        Observable.of(1, 2, 3).skipWhile { $0 < 2 }.subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(2), .next(3), .completed])
    }
}
