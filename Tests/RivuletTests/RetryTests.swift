import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class RetryTests: RivuletTestCase {
    func testCompletingSourceIsSubscribedOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .completed(250)])
        let res = scheduler.start { xs.retry() }
        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testResubscribesAfterEachErrorUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(250, TestError.boom)])
        let res = scheduler.start(disposed: 1100) { xs.retry() }
        XCTAssertEqual(res.events, [.next(300, 1), .next(550, 1), .next(800, 1), .next(1050, 1)])
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100)])
    }

    func testCountLimitsTheAttemptsAndPassesOnTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .error(20, TestError.boom)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(
            res.events,
            [
                .next(205, 1), .next(210, 2), .next(225, 1), .next(230, 2), .next(245, 1), .next(250, 2),
                .error(260, TestError.boom),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testDisposalDuringARetry() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError.boom)])
        let res = scheduler.start(disposed: 231) { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(205, 1), .next(225, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 231)])
    }

    func testZeroOrNegativeCountCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError.boom)])
        let res = scheduler.start { xs.retry(-1) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testSynchronousFailuresDoNotRecurse() {
        var attempts = 0
        let failing = Observable<Int>.create { observer in
            attempts += 1
            if attempts < 50_000 {
                observer.onError(TestError.boom)
            } else {
                observer.onNext(attempts)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()
        failing.retry().subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(50_000), .completed])
    }
}
