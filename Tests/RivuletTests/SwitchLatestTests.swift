import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SwitchLatestTests: RivuletTestCase {
    func testEmitsOnlyTheLatestInnerAndDisposesThePrevious() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(40, 3), .completed(100)])
        let b = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .completed(30)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(240, b.asObservable()), .completed(300),
        ])
        let res = scheduler.start { outer.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .next(250, 4), .next(260, 5), .completed(300)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(240, 270)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 300)])
    }

    func testWaitsForTheLatestInnerAfterTheOuterCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .completed(220)])
        let res = scheduler.start { outer.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1), .completed(260)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 260)])
    }

    func testInnerCompletingDoesNotCompleteWhileTheOuterIsOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable())])
        let res = scheduler.start { outer.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 1000)])
    }

    func testErrorOfTheLatestInnerEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable())])
        let res = scheduler.start { outer.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
    }

    func testOuterErrorDisposesTheInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .error(250, TestError.boom)])
        let res = scheduler.start { outer.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
    }

    func testDisposeEndsOuterAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(200, 2)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable())])
        let res = scheduler.start(disposed: 300) { outer.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 300)])
    }

    func testEventsOfAReplacedSubjectAreIgnored() {
        let outer = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = outer.switchLatest().subscribe(recorder)
        outer.onNext(first)
        first.onNext(1)
        outer.onNext(second)
        XCTAssertFalse(first.hasObservers)
        first.onNext(2)
        first.onError(TestError.boom)
        second.onNext(3)
        XCTAssertEqual(recorder.events, [.next(1), .next(3)])
        subscription.dispose()
        XCTAssertFalse(second.hasObservers)
    }

    func testSwitchingWhileInnersSendOnOtherThreadsKeepsTheGrammar() {
        let outer = PublishSubject<Observable<Int>>()
        let inners = (0..<3).map { _ in PublishSubject<Int>() }
        let recorder = EventRecorder<Int>()
        let subscription = outer.switchLatest().subscribe(recorder)
        outer.onNext(inners[0])
        runConcurrently(3) { index in
            if index == 0 {
                for round in 0..<300 { outer.onNext(inners[round % 3]) }
                outer.onCompleted()
            } else {
                for value in 0..<2_000 { inners[(value + index) % 3].onNext(value) }
            }
        }
        inners[299 % 3].onCompleted()
        XCTAssertEqual(recorder.events.last, .completed)
        subscription.dispose()
    }
}
