import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class WithLatestFromTests: RivuletTestCase {
    func testCombinesEachValueWithTheLatestOfTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(260, 4), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(150, "x"), .next(220, "a"), .next(240, "b"), .next(255, "c")])
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(230, "2a"), .next(250, "3b"), .next(260, "4c"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testWithoutSelectorEmitsTheSecondsValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        XCTAssertEqual(res.events, [.next(230, "a"), .next(250, "b"), .completed(260)])
    }

    func testSubscribesTheSecondSourceFirst() {
        var log: [String] = []
        let first = Observable<Int>.deferred {
            log.append("first")
            return .just(1)
        }
        let second = Observable<Int>.deferred {
            log.append("second")
            return .just(10)
        }
        let recorder = EventRecorder<Int>()
        _ = first.withLatestFrom(second) { $0 + $1 }.subscribe(recorder)
        XCTAssertEqual(log, ["second", "first"])
        // The synchronous second has emitted (and completed) before the first's value arrives.
        XCTAssertEqual(recorder.events, [.next(11), .completed])
    }

    func testCompletionOfTheSecondIsIgnoredAndEndsOnlyItsSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(205, 10), .completed(220)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11), .next(240, 12), .completed(300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSecondCompletingEmptyDropsEveryValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(300)])
    }

    func testErrorOfTheSecondFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let ys = scheduler.createHotObservable([.next(205, 10), Recorded.error(220, TestError.boom)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testErrorOfTheFirstFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), Recorded.error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(205, 10)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testResultSelectorThrowFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let ys = scheduler.createHotObservable([.next(205, 10)])
        let res = scheduler.start {
            xs.withLatestFrom(ys) { x, y -> Int in
                if x == 2 { throw TestError.boom }
                return x + y
            }
        }
        XCTAssertEqual(res.events, [.next(210, 11), .error(220, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testDisposeEndsBothSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
        let ys = scheduler.createHotObservable([.next(205, 10)])
        let res = scheduler.start(disposed: 300) { xs.withLatestFrom(ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testSourcesOnDifferentThreadsKeepTheGrammar() {
        let xs = PublishSubject<Int>()
        let ys = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = xs.withLatestFrom(ys) { $0 + $1 }.subscribe(recorder)
        ys.onNext(0)
        runConcurrently(2) { index in
            if index == 0 {
                for value in 0..<3_000 { xs.onNext(value) }
                xs.onCompleted()
            } else {
                for value in 0..<3_000 { ys.onNext(value) }
            }
        }
        XCTAssertEqual(recorder.events.count, 3_001)
        XCTAssertEqual(recorder.events.last, .completed)
        XCTAssertFalse(ys.hasObservers)
        subscription.dispose()
    }
}
