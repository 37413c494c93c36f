import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TakeLastTests: RivuletTestCase {
    func testSendsTheLastValuesAtCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-d-|")
        let res = scheduler.start { xs.takeLast(2) }
        assertMarbles(res, "---------(cd|)")
        assertSubscriptions(xs, "^--------!")
    }

    func testFewerValuesThanCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.takeLast(3) }.events, [.next(250, 1), .completed(250)])
    }

    func testZeroAndNegativeCountSendOnlyTheCompletion() {
        for count in [0, -2] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            XCTAssertEqual(scheduler.start { xs.takeLast(count) }.events, [.completed(250)])
        }
    }

    func testErrorDropsTheKeptValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.takeLast(2) }.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.takeLast(2) }.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testASubscriberThatDisposesDuringTheValuesGetsNoMore() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.takeLast(3).subscribe { event in
            if let value = event.element { received.append(value) }
            if event.element == 3 { subscription?.dispose() }
            if event.isCompleted { XCTFail("completion after dispose") }
        }
        for value in 1...4 { subject.onNext(value) }
        subject.onCompleted()
        XCTAssertEqual(received, [2, 3])
        subscription = nil
    }
}
