import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TakeUntilTests: RivuletTestCase {
    func testOtherValueCompletesAndDisposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(150, "a"), .next(225, "b"), .completed(250)])
        let res = scheduler.start { xs.take(until: ys) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testOtherCompletionIsIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.completed(225)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.take(until: ys) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testOtherErrorFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.error(215, TestError.boom)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.take(until: ys) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(215, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testSourceCompletionCompletesAndDisposesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let ys = scheduler.createHotObservable([.next(250, "x")])
        let res = scheduler.start { xs.take(until: ys) }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testSourceErrorFailsAndDisposesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(250, "x")])
        let res = scheduler.start { xs.take(until: ys) }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(250, "x")])
        let res = scheduler.start(disposed: 215) { xs.take(until: ys) }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testOtherIsSubscribedFirst() {
        var log: [String] = []
        let source = Observable.of(1).do(onSubscribe: { log.append("source") })
        let other = Observable<Int>.never().do(onSubscribe: { log.append("other") })
        source.take(until: other).subscribe().dispose()
        XCTAssertEqual(log, ["other", "source"])
    }

    func testOtherSendingAtOnceCompletesBeforeAnySourceValue() {
        let recorder = EventRecorder<Int>()
        var sourceDisposed = false
        let source = Observable.of(1, 2).do(onDispose: { sourceDisposed = true })
        source.take(until: Observable.just("now")).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.completed])
        XCTAssertTrue(sourceDisposed)
    }

    func testSubjectsAndReentrantTrigger() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Void>()
        var log: [String] = []
        let subscription = source.take(until: trigger).subscribe(
            onNext: { value in
                log.append("\(value)")
                if value == 2 { trigger.onNext(()) }
            },
            onCompleted: { log.append("|") })
        source.onNext(1)
        source.onNext(2)
        source.onNext(3)
        XCTAssertEqual(log, ["1", "2", "|"])
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(trigger.hasObservers)
        subscription.dispose()
    }

    func testConcurrentSourceAndTriggerKeepTheGrammar() {
        for _ in 0..<50 {
            let source = PublishSubject<Int>()
            let trigger = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = source.take(until: trigger).subscribe(recorder)
            runConcurrently(2) { index in
                if index == 0 {
                    for value in 0..<200 { source.onNext(value) }
                } else {
                    trigger.onNext(0)
                }
            }
            XCTAssertEqual(recorder.events.last, .completed)
            // The values are a prefix of the source's, in order.
            XCTAssertEqual(recorder.elements, Array(0..<recorder.elements.count))
            XCTAssertFalse(source.hasObservers)
            XCTAssertFalse(trigger.hasObservers)
            subscription.dispose()
        }
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        let recorder = EventRecorder<Int>()
        Observable.of(1, 2).takeUntil(Observable<Int>.never()).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }
}
