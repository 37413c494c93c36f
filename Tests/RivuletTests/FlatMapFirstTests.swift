import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class FlatMapFirstTests: RivuletTestCase {
    func testValuesArrivingWhileAnInnerRunsAreDropped() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b------c---|")
        let ys = try scheduler.createColdObservable("-1-2|")
        var mapped: [String] = []
        let res = scheduler.start {
            xs.flatMapFirst { x -> Observable<String> in
                mapped.append(x)
                return ys.map { x + $0 }
            }
        }
        XCTAssertEqual(mapped, ["a", "c"], "the selector is not called for dropped values")
        assertMarbles(res, "--A-B------C-D|", values: ["A": "a1", "B": "a2", "C": "c1", "D": "c2"])
        assertSubscriptions(xs, "^-------------!")
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 250), Subscription(300, 340)])
    }

    func testCompletesWhenTheSourceAndTheRunningInnerHaveCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createColdObservable([.next(10, 5), .completed(40)])
        let res = scheduler.start { xs.flatMapFirst { _ in ys } }
        XCTAssertEqual(res.events, [.next(220, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 250)])
    }

    func testErrorsFromTheInnerTheSourceAndTheSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.flatMapFirst { _ in ys } }.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([.next(210, 1)])
        let res = other.start { zs.flatMapFirst { _ -> Observable<Int> in throw TestError.other(1) } }
        XCTAssertEqual(res.events, [.error(210, TestError.other(1))])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 210)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createColdObservable([.next(10, 5), .next(100, 6)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.flatMapFirst { _ in ys } }.events, [.next(220, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 250)])
    }

    func testInnersOnAnotherThread() {
        let source = PublishSubject<Int>()
        let observer = GrammarCheckingObserver<Int>()
        let queue = DispatchQueue(label: "inner")
        let subscription = source.flatMapFirst { value in
            Observable.just(value).observe(on: SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "i"))
        }.subscribe(observer.handler)
        for value in 0..<2_000 { source.onNext(value) }
        source.onCompleted()
        let deadline = Date().addingTimeInterval(5)
        while !observer.isCompleted && Date() < deadline { usleep(1_000) }
        XCTAssertTrue(observer.isCompleted)
        XCTAssertEqual(observer.elements, observer.elements.sorted())
        subscription.dispose()
    }
}
