import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SkipUntilTests: RivuletTestCase {
    func testPassesValuesAfterTheOtherSendsAValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let ys = scheduler.createHotObservable([.next(150, "a"), .next(225, "b"), .completed(300)])
        let res = scheduler.start { xs.skip(until: ys) }
        XCTAssertEqual(res.events, [.next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testSourceCompletingBeforeTheOtherEndsWithoutCompletion() {
        // RxSwift: the stream ends silently, both subscriptions are disposed.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let ys = scheduler.createHotObservable([.next(300, "late")])
        let res = scheduler.start { xs.skip(until: ys) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testOtherCompletingWithoutAValueKeepsSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .completed(250)])
        let ys = scheduler.createHotObservable([.completed(225)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.skip(until: ys) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testOtherErrorFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .completed(250)])
        let ys = scheduler.createHotObservable([.error(225, TestError.boom)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.skip(until: ys) }
        XCTAssertEqual(res.events, [.error(225, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testSourceErrorFailsEvenBeforeTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(300, "late")])
        let res = scheduler.start { xs.skip(until: ys) }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "go")])
        let res = scheduler.start(disposed: 235) { xs.skip(until: ys) }
        XCTAssertEqual(res.events, [.next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testSourceIsSubscribedFirst() {
        var log: [String] = []
        let source = Observable<Int>.never().do(onSubscribe: { log.append("source") })
        let other = Observable<Int>.never().do(onSubscribe: { log.append("other") })
        source.skip(until: other).subscribe().dispose()
        XCTAssertEqual(log, ["source", "other"])
    }

    func testConcurrentSourceAndTriggerKeepTheGrammar() {
        for _ in 0..<50 {
            let source = PublishSubject<Int>()
            let trigger = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = source.skip(until: trigger).subscribe(recorder)
            runConcurrently(2) { index in
                if index == 0 {
                    for value in 0..<200 { source.onNext(value) }
                    source.onCompleted()
                } else {
                    trigger.onNext(0)
                }
            }
            // The values are a suffix of the source's, in order, then the completion; or nothing
            // at all when the source completed before the trigger fired.
            let elements = recorder.elements
            XCTAssertEqual(elements, Array((200 - elements.count)..<200))
            if let last = recorder.events.last { XCTAssertEqual(last, .completed) }
            XCTAssertFalse(source.hasObservers)
            XCTAssertFalse(trigger.hasObservers)
            subscription.dispose()
        }
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        let recorder = EventRecorder<Int>()
        Observable.of(1, 2).skipUntil(Observable.just(0)).subscribe(recorder).dispose()
        // As in RxSwift: `just` fires while `of` waits on the trampoline, so every value passes.
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }
}
