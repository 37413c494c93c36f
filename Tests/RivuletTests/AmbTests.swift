import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class AmbTests: RivuletTestCase {
    func testTheFirstToSendWinsAndTheOtherIsDisposed() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("----a--b--|")
        let ys = try scheduler.createHotObservable("--x--y----|")
        let res = scheduler.start { xs.amb(ys) }
        assertMarbles(res, "--x--y----|")
        assertSubscriptions(xs, "^-!")
        assertSubscriptions(ys, "^---------!")
    }

    func testAnErrorOrCompletionCanWin() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(300)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.amb(ys) }.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([Recorded<Event<Int>>.completed(215)])
        let ws = other.createHotObservable([.next(230, 1)])
        XCTAssertEqual(other.start { zs.amb(ws) }.events, [.completed(215)])
        XCTAssertEqual(ws.subscriptions, [Subscription(200, 215)])
    }

    func testNeverAndNeverSendNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        XCTAssertEqual(scheduler.start { xs.amb(ys) }.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testSequenceForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(240, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(250, 3), .completed(260)])
        let c = scheduler.createHotObservable([.next(230, 4), .completed(300)])
        let res = scheduler.start { Observable.amb([a, b, c].map { $0.asObservable() }) }
        XCTAssertEqual(res.events, [.next(220, 2), .next(250, 3), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 220)])
    }

    func testAnEmptySequenceNeverSends() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.start { Observable<Int>.amb([Observable<Int>]()) }.events, [])
    }

    func testASynchronousFirstSourceWinsAndTheRestEndAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([.next(210, 9)])
        let res = scheduler.start { Observable.just(1).amb(ys) }
        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 200)])
    }

    func testDisposeBeforeAnyoneWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])
        let ys = scheduler.createHotObservable([.next(310, 2)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.amb(ys) }.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testRacingSourcesOnTwoThreadsHaveExactlyOneWinner() {
        for _ in 0..<100 {
            let xs = PublishSubject<Int>()
            let ys = PublishSubject<Int>()
            let observer = GrammarCheckingObserver<Int>()
            let subscription = xs.amb(ys).subscribe(observer.handler)
            runConcurrently(2) { index in
                let subject = index == 0 ? xs : ys
                for value in 0..<200 { subject.onNext(index * 1_000 + value) }
            }
            let values = observer.elements
            XCTAssertEqual(values.count, 200)
            XCTAssertEqual(Set(values.map { $0 / 1_000 }).count, 1, "values from one source only")
            XCTAssertFalse(xs.hasObservers && ys.hasObservers)
            subscription.dispose()
        }
    }
}
