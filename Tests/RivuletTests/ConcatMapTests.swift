import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ConcatMapTests: RivuletTestCase {
    func testSubscribesTheNextInnerOnlyAfterThePreviousCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inners = [
            1: scheduler.createColdObservable([.next(5, 10), .next(20, 11), .completed(30)]),
            2: scheduler.createColdObservable([.next(5, 20), .completed(10)]),
        ]
        let res = scheduler.start { xs.concatMap { inners[$0]! } }
        XCTAssertEqual(res.events, [.next(215, 10), .next(230, 11), .next(245, 20), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(240, 250)])
    }

    func testErrorOfTheActiveInnerDropsTheQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let first = scheduler.createColdObservable([.next(5, 10), Recorded.error(20, TestError.boom)])
        let second = scheduler.createColdObservable([.next(5, 20)])
        let res = scheduler.start { xs.concatMap { $0 == 1 ? first : second } }
        XCTAssertEqual(res.events, [.next(215, 10), .error(230, TestError.boom)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(second.subscriptions, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSelectorThrowIsAnError() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).concatMap { value -> Observable<Int> in
            if value == 2 { throw TestError.boom }
            return .just(value)
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .error(TestError.boom)])
    }

    func testDisposeEndsTheActiveInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let inner = scheduler.createColdObservable([.next(5, 10)])
        let res = scheduler.start(disposed: 300) { xs.concatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(215, 10)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
