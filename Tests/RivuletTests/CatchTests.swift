import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class CatchTests: RivuletTestCase {
    func testWithoutAnErrorTheHandlerIsNotUsed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
        let ys = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        var calls = 0
        let res = scheduler.start {
            xs.catch { _ in
                calls += 1
                return ys.asObservable()
            }
        }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [])
        XCTAssertEqual(calls, 0)
    }

    func testOnErrorSwitchesToTheHandlersObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 8), .next(20, 9), .completed(30)])
        var caught: Error?
        let res = scheduler.start {
            xs.catch { error in
                caught = error
                return ys.asObservable()
            }
        }
        XCTAssertEqual(
            res.events, [.next(210, 1), .next(220, 2), .next(240, 8), .next(250, 9), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 260)])
        XCTAssertEqual(caught as? TestError, .boom)
    }

    func testErrorOfTheFallbackIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 8), .error(20, TestError.other(2))])
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 8), .error(250, TestError.other(2))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testThrowingHandlerFailsWithTheThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let res = scheduler.start {
            xs.catch { _ -> Observable<Int> in throw TestError.other(7) }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.other(7))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposalBeforeTheErrorDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 8), .completed(20)])
        let res = scheduler.start(disposed: 220) { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testDisposalDuringTheFallbackDisposesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 8), .next(100, 9), .completed(200)])
        let res = scheduler.start(disposed: 300) { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 8)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 300)])
    }

    func testFallbackCanCatchAgain() {
        let recorder = EventRecorder<Int>()
        Observable<Int>.error(TestError.boom)
            .catch { _ in Observable.error(TestError.other(1)) }
            .catch { error in Observable.just((error as? TestError) == .other(1) ? 1 : 0) }
            .subscribe(recorder)
            .dispose()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testSynchronousSources() {
        let recorder = EventRecorder<Int>()
        Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError.boom)
            return Disposables.create()
        }
        .catch { _ in Observable.of(2, 3) }
        .take(2)
        .subscribe(recorder)
        .dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        let recorder = EventRecorder<Int>()
        Observable<Int>.error(TestError.boom).catchError { _ in .just(5) }.subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(5), .completed])
    }
}
