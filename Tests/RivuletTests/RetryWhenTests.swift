import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class RetryWhenTests: RivuletTestCase {
    func testResubscribesWhenTheTriggerSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let res = scheduler.start(disposed: 275) { xs.retry(when: { errors in errors.map { _ in () } }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .next(270, 1)])
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 275)])
    }

    func testTheTriggersCompletionCompletesTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let res = scheduler.start { xs.retry(when: { errors in errors.take(2) }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testTheTriggersErrorFailsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<Error>) in
                errors.enumerated().map { index, error -> Int in
                    if index == 1 { throw TestError.other(index) }
                    return index
                }
            })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .error(240, TestError.other(1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    func testADelayedTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let res = scheduler.start(disposed: 300) {
            xs.retry(when: { errors in errors.delay(.seconds(30), scheduler: scheduler) })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(250, 270)])
    }

    func testCompletionOfTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.retry(when: { errors in errors }) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testATriggerThatEndedBeforeTheErrorEndsTheResultAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<Error>) in Observable<Int>.empty() }) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTypedErrorsLetOtherErrorsThrough() {
        struct Retryable: Error {}
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(Retryable()) : .error(TestError.boom)
        }
        var log: [String] = []
        _ = source.retry(when: { (errors: Observable<Retryable>) in errors }).subscribe(
            onError: { log.append("\($0)") })
        XCTAssertEqual(attempts, 3)
        XCTAssertEqual(log, ["boom"])
    }

    func testASynchronousTriggerDoesNotRecurse() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 20_000 ? .error(TestError.boom) : .just(attempts)
        }
        var values: [Int] = []
        _ = source.retry(when: { errors in errors }).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [20_000])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded.error(20, TestError.boom)])
        let trigger = scheduler.createHotObservable([.next(400, ())])
        let res = scheduler.start(disposed: 300) { xs.retry(when: { (_: Observable<Error>) in trigger }) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 300)])
    }

    @available(*, deprecated)
    func testDeprecatedSpellingAndTraits() {
        var attempts = 0
        let source = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.boom) : .just(attempts)
        }
        var values: [Int] = []
        _ = source.retryWhen { (errors: Observable<Error>) in errors }.subscribe(onSuccess: { values.append($0) })
        attempts = 0
        _ = source.retry(when: { errors in errors }).subscribe(onSuccess: { values.append($0) })
        attempts = 0
        _ = source.asObservable().retryWhen { (errors: Observable<Error>) in errors }
            .subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [3, 3, 3])
    }
}
