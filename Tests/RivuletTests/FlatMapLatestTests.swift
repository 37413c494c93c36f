import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class FlatMapLatestTests: RivuletTestCase {
    func testDisposesThePreviousInnerWhenANewValueArrives() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .next(20, 11), .next(40, 12)]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(20)]),
        ]
        let res = scheduler.start { xs.flatMapLatest { inners[$0]! } }
        XCTAssertEqual(res.events, [.next(220, 10), .next(230, 11), .next(250, 20), .completed(260)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(240, 260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSelectorThrowIsAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let inner = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let res = scheduler.start {
            xs.flatMapLatest { value -> TestableObservable<Int> in
                if value == 2 { throw TestError.boom }
                return inner
            }
        }
        XCTAssertEqual(res.events, [.next(220, 10), .error(240, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testInnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let inner = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])
        let res = scheduler.start { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposeEndsOuterAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let inner = scheduler.createColdObservable([.next(10, 10), .next(200, 11)])
        let res = scheduler.start(disposed: 300) { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 10)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSearchStylePipeline() {
        let query = PublishSubject<String>()
        let responses = [String: PublishSubject<String>](
            uniqueKeysWithValues: ["a", "ab"].map { ($0, PublishSubject<String>()) })
        var results: [String] = []
        let subscription = query.flatMapLatest { responses[$0]! }.subscribe(onNext: { results.append($0) })
        query.onNext("a")
        query.onNext("ab")
        responses["a"]!.onNext("late answer for a")
        responses["ab"]!.onNext("answer for ab")
        XCTAssertEqual(results, ["answer for ab"])
        XCTAssertFalse(responses["a"]!.hasObservers)
        subscription.dispose()
    }
}
