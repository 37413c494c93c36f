import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class FlatMapTests: RivuletTestCase {
    func testMergesTheInnerObservablesOfEachValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inners = [
            1: scheduler.createColdObservable([.next(5, 10), .next(20, 11), .completed(25)]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(40)]),
        ]
        let res = scheduler.start { xs.flatMap { inners[$0]! } }
        XCTAssertEqual(res.events, [.next(215, 10), .next(230, 11), .next(230, 20), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(220, 260)])
    }

    func testSelectorThrowIsAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(50, 11)])
        let res = scheduler.start {
            xs.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw TestError.boom }
                return inner
            }
        }
        XCTAssertEqual(res.events, [.next(215, 10), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220)])
    }

    func testInnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let inner = scheduler.createColdObservable([.next(5, 10), Recorded.error(10, TestError.boom)])
        let res = scheduler.start { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(215, 10), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220)])
    }

    func testOuterErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(240, TestError.boom)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(100, 11)])
        let res = scheduler.start { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(215, 10), .error(240, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240)])
    }

    func testDisposeEndsOuterAndInnerSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(200, 11)])
        let res = scheduler.start(disposed: 250) { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(215, 10), .next(225, 10)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250), Subscription(220, 250)])
    }

    func testSynchronousInners() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).flatMap { Observable.of($0, $0 * 10) }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
    }

    func testInnersOnManyThreadsLoseNothing() {
        let threads = 4
        let perThread = 1_000
        let outer = PublishSubject<Int>()
        let inners = (0..<threads).map { _ in PublishSubject<Int>() }
        let recorder = EventRecorder<Int>()
        let subscription = outer.flatMap { inners[$0] }.subscribe(recorder)
        for index in 0..<threads { outer.onNext(index) }
        outer.onCompleted()
        runConcurrently(threads) { index in
            for value in 0..<perThread { inners[index].onNext(value) }
            inners[index].onCompleted()
        }
        XCTAssertEqual(recorder.events.count, threads * perThread + 1)
        XCTAssertEqual(recorder.events.last, .completed)
        subscription.dispose()
    }
}
