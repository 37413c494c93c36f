import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class SampleTests: RivuletTestCase {
    func testSendsTheLatestNewValueAtEachTick() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b---c-----|")
        let ys = try scheduler.createHotObservable("--x--x--x-x----x-")
        let res = scheduler.start { xs.sample(ys) }
        // No new value at the fourth tick: nothing; the source completed before the last tick,
        // which completes the result.
        assertMarbles(res, "--a--b--c------|")
        assertSubscriptions(xs, "^------------!")
        assertSubscriptions(ys, "^--------------!")
    }

    func testDefaultValueWhenNothingNewArrived() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let ys = scheduler.createHotObservable([.next(220, "x"), .next(230, "x"), .next(240, "x")])
        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 0), .next(240, 0)])
    }

    func testTheSamplerCompletingSamplesOnceMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(300, 3)])
        let ys = scheduler.createHotObservable([.next(220, "x"), Recorded.completed(240)])
        let res = scheduler.start { xs.sample(ys) }
        // RxSwift: the completion is a last tick; the result then waits (the source is still live).
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testTheSourcesCompletionIsSentAtTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(250, "x"), .next(260, "x")])
        let res = scheduler.start { xs.sample(ys) }
        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testErrorsOfEitherEndTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(220, "x"), .next(240, "x")])
        XCTAssertEqual(scheduler.start { xs.sample(ys) }.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])

        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([.next(210, 1)])
        let ws = other.createHotObservable([Recorded<Event<String>>.error(230, TestError.other(2))])
        XCTAssertEqual(other.start { zs.sample(ws) }.events, [.error(230, TestError.other(2))])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let ys = scheduler.createHotObservable([.next(220, "x"), .next(270, "x")])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.sample(ys) }.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testSourceAndSamplerOnDifferentThreads() {
        let source = PublishSubject<Int>()
        let sampler = PublishSubject<Void>()
        let observer = GrammarCheckingObserver<Int>()
        let subscription = source.sample(sampler).subscribe(observer.handler)
        runConcurrently(2) { index in
            if index == 0 {
                for value in 1...2_000 { source.onNext(value) }
                source.onCompleted()
            } else {
                for _ in 0..<2_000 { sampler.onNext(()) }
            }
        }
        sampler.onNext(())
        XCTAssertTrue(observer.isCompleted)
        let values = observer.elements
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(Set(values).count, values.count, "a value is sampled at most once")
        XCTAssertEqual(values.last, 2_000)
        subscription.dispose()
    }
}
