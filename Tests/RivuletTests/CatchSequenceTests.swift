import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class CatchSequenceTests: RivuletTestCase {
    func testMovesOnToTheNextSourceOnEachError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError.boom)])
        let xs2 = scheduler.createColdObservable([.next(10, 3), .error(20, TestError.other(2))])
        let xs3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
        }
        XCTAssertEqual(
            res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .completed(270)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(250, 270)])
    }

    func testCompletionEndsTheStreamWithoutTouchingTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(230)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [])
    }

    func testAllFailingFailsWithTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let xs2 = scheduler.createHotObservable([.error(250, TestError.other(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.other(1))])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testEmptySequenceCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testDisposalDisposesTheCurrentSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.error(230, TestError.boom)] as [Recorded<Event<Int>>])
        let xs2 = scheduler.createHotObservable([.next(240, 4), .completed(500)])
        let res = scheduler.start(disposed: 300) { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        XCTAssertEqual(res.events, [.next(240, 4)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 300)])
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        let recorder = EventRecorder<Int>()
        Observable.catchError([Observable<Int>.error(TestError.boom), .just(1)]).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }
}
