import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class TakeTests: RivuletTestCase {
    func testTakesCountValuesThenCompletesAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let res = scheduler.start { xs.take(2) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.take(0) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testNegativeCountBehavesAsZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.take(-3) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testSourceCompletingFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.take(5) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let res = scheduler.start { xs.take(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposalBeforeTheCountDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start(disposed: 225) { xs.take(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testColdSourceIsDisposedAtTheLastValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let res = scheduler.start { xs.take(1) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testStopsAnInfiniteSynchronousSource() {
        let recorder = EventRecorder<Int>()
        Observable.from(sequence(first: 1) { $0 + 1 }).take(3).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testAfterMap() {
        let recorder = EventRecorder<Int>()
        Observable.of(1, 2, 3).map { $0 * 10 }.take(2).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(10), .next(20), .completed])
    }

    func testReentrantValueDuringTheLastDeliveryIsDropped() {
        let source = ReentrantSource<Int>()
        var log: [String] = []
        let subscription = source.take(1).subscribe(
            onNext: { value in
                log.append("\(value)")
                if value == 1 { source.send(.next(2)) }
            },
            onCompleted: { log.append("|") })
        source.send(.next(1))
        XCTAssertEqual(log, ["1", "|"])
        XCTAssertFalse(source.isSubscribed)
        subscription.dispose()
    }

    func testReentrantValueCountsAgainstTheRemainingCount() {
        let source = ReentrantSource<Int>()
        var log: [String] = []
        let subscription = source.take(2).subscribe(
            onNext: { value in
                log.append("\(value)")
                if value == 1 {
                    source.send(.next(2))
                    source.send(.next(3))
                }
            },
            onCompleted: { log.append("|") })
        source.send(.next(1))
        XCTAssertEqual(log, ["1", "2", "|"])
        XCTAssertFalse(source.isSubscribed)
        subscription.dispose()
    }

    func testDisposingWhileReceivingTheLastValueSuppressesTheCompletion() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var subscription: Disposable?
        subscription = subject.take(2).subscribe(
            onNext: { value in
                log.append("\(value)")
                if value == 2 { subscription?.dispose() }
            },
            onCompleted: { log.append("|") },
            onDisposed: { log.append("disposed") })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, ["1", "2", "disposed"])
        XCTAssertFalse(subject.hasObservers)
        subscription = nil  // the closure captured it: break the cycle
    }

    func testDecrementsCountFirstWithAReentrantBehaviorSubject() {
        // RxSwift's testTake_DecrementsCountFirst.
        let subject = BehaviorSubject(value: false)
        var elements: [Bool] = []
        let subscription = subject.take(1).subscribe(onNext: { value in
            elements.append(value)
            subject.onNext(!value)
        })
        XCTAssertEqual(elements, [false])
        XCTAssertEqual(try subject.value(), true)
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testEverySubscriptionCountsAfresh() {
        let source = Observable.of(1, 2, 3).take(2)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        source.subscribe(first).dispose()
        source.subscribe(second).dispose()
        XCTAssertEqual(first.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(second.events, first.events)
    }
}
