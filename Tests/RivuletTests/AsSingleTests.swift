import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class AsSingleTests: RivuletTestCase {
    // MARK: asSingle

    func testOneValueIsSentWhenTheSourceCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a---|")
        let res = scheduler.start { xs.asSingle() }
        assertMarbles(res, "-----(a|)")
        assertSubscriptions(xs, "^----!")
    }

    func testASecondValueFailsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testNoValueFailsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorsPassThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.asSingle() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testASubscriberThatDisposesOnTheValueGetsNoCompletion() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        var subscription: Disposable?
        subscription = subject.asSingle().asObservable().subscribe { event in
            events.append(event)
            subscription?.dispose()
        }
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(events, [.next(1)])
        subscription = nil
    }

    // MARK: asMaybe

    func testAsMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.asMaybe() }.events, [.next(250, 1), .completed(250)])

        let empty = TestScheduler(initialClock: 0)
        let ys = empty.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(empty.start { ys.asMaybe() }.events, [.completed(250)])

        let two = TestScheduler(initialClock: 0)
        let zs = two.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(two.start { zs.asMaybe() }.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: asCompletable

    func testAsCompletableOfIgnoredElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        var events: [CompletableEvent] = []
        scheduler.scheduleAt(200) { _ = xs.ignoreElements().asCompletable().subscribe { events.append($0) } }
        scheduler.start()
        XCTAssertEqual(events, [.completed])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
