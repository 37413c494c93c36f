import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class StartWithTests: RivuletTestCase {
    func testSendsThePrefixThenTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.startWith(1, 2) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(220, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testNoElementsIsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 3), .completed(300)])
        let res = scheduler.start { xs.startWith() }
        XCTAssertEqual(res.events, [.next(220, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.startWith(1) }
        XCTAssertEqual(res.events, [.next(200, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 3), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.startWith(1) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTheSourceIsSubscribedAfterThePrefix() {
        var log: [String] = []
        let source = Observable<Int>.never().do(onSubscribe: { log.append("subscribe") })
        let subscription = source.startWith(1, 2).subscribe(onNext: { log.append("\($0)") })
        XCTAssertEqual(log, ["1", "2", "subscribe"])
        subscription.dispose()
    }

    func testTakeWithinThePrefixStopsThePrefixAndDisposesTheSourceAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 9), .completed(300)])
        let res = scheduler.start { xs.startWith(1, 2, 3).take(2) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
        // As in RxSwift, the source is still subscribed, and disposed at once.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testChainedStartWithsPrependInReverseOrder() {
        let recorder = EventRecorder<Int>()
        Observable.of(3).startWith(2).startWith(1).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }
}
