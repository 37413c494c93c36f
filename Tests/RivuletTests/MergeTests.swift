import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class MergeTests: RivuletTestCase {
    // MARK: Static merge

    func testVariadicMergesValuesAndCompletesAfterTheLastSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(300)])
        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testArrayForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(215, 2), .completed(230)])
        let sources: [Observable<Int>] = [xs.asObservable(), ys.asObservable()]
        let res = scheduler.start { Observable.merge(sources) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(215, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testCollectionForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(215, 2), .completed(230)])
        let zs = scheduler.createHotObservable([.next(216, 3), .completed(240)])
        let sources = [xs, ys, zs].map { $0.asObservable() }[1...]  // an ArraySlice
        let res = scheduler.start { Observable.merge(sources) }
        XCTAssertEqual(res.events, [.next(215, 2), .next(216, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 240)])
    }

    func testEmptyListCompletesAtOnce() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.merge([]).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
    }

    func testFirstErrorIsForwardedAtOnceAndDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 3), .completed(400)])
        let ys = scheduler.createHotObservable([
            .next(220, 2), .error(250, TestError.boom), .error(270, TestError.other(1)),
        ])
        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testDoesNotCompleteWhileOneSourceIsOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(300, 2)])
        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(300, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testDisposeEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 3)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(320, 4)])
        let res = scheduler.start(disposed: 300) { Observable.merge(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testSynchronousErrorStopsSubscribingTheRemainingSources() {
        var subscribed = 0
        let counting = Observable<Int>.deferred {
            subscribed += 1
            return .just(9)
        }
        let recorder = EventRecorder<Int>()
        _ = Observable.merge(.error(TestError.boom), counting).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
        XCTAssertEqual(subscribed, 0)
    }

    func testSynchronousSourcesCompleteOnce() {
        let recorder = EventRecorder<Int>()
        _ = Observable.merge(.just(1), .of(2, 3), .empty()).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testKeyboardStylePipelineWithSubjects() {
        let show = PublishSubject<String>()
        let hide = PublishSubject<String>()
        var received: [String] = []
        let subscription = Observable.merge(show, hide).subscribe(onNext: { received.append($0) })
        show.onNext("show")
        hide.onNext("hide")
        show.onCompleted()
        hide.onNext("hide again")
        XCTAssertEqual(received, ["show", "hide", "hide again"])
        XCTAssertFalse(show.hasObservers)
        XCTAssertTrue(hide.hasObservers)
        subscription.dispose()
        XCTAssertFalse(hide.hasObservers)
    }

    // MARK: merge() on an observable of observables

    func testMergeOfObservablesWaitsForTheOuterAndEveryInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 3), .completed(40)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(100)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(215, b.asObservable()), .completed(230),
        ])
        let res = scheduler.start { outer.merge() }
        XCTAssertEqual(res.events, [.next(220, 1), .next(225, 2), .next(240, 3), .completed(315)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(215, 315)])
    }

    func testMergeOfObservablesCompletesWithTheOuterWhenNoInnerIsOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .completed(300)])
        let res = scheduler.start { outer.merge() }
        XCTAssertEqual(res.events, [.next(220, 1), .completed(300)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 300)])
    }

    func testInnerErrorDisposesTheOuterAndTheOtherInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(100, 9)])
        let b = scheduler.createColdObservable([Recorded<Event<Int>>.error(20, TestError.boom)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .next(220, b.asObservable())])
        let res = scheduler.start { outer.merge() }
        XCTAssertEqual(res.events, [.next(220, 1), .error(240, TestError.boom)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
    }

    func testOuterErrorDisposesTheInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(100, 9)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .error(250, TestError.boom)])
        let res = scheduler.start { outer.merge() }
        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
    }

    func testDisposingMergeOfObservablesDisposesOuterAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(200, 9)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable())])
        let res = scheduler.start(disposed: 300) { outer.merge() }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 300)])
    }

    func testMaxConcurrentQueuesInnersUntilOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(5, 3), .completed(10)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(215, b.asObservable()), .next(220, c.asObservable()),
            .completed(230),
        ])
        let res = scheduler.start { outer.merge(maxConcurrent: 2) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(225, 2), .next(240, 3), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(b.subscriptions, [Subscription(215, 235)])
        XCTAssertEqual(c.subscriptions, [Subscription(235, 245)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
    }

    func testMaxConcurrentBelowOneActsAsOne() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(Observable.of(1, 2), Observable.of(3)).merge(maxConcurrent: 0).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    // MARK: Threads

    func testConcurrentSendsLoseNothingAndKeepTheGrammar() {
        let threads = 4
        let perThread = 2_000
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let recorder = EventRecorder<Int>()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(recorder)
        runConcurrently(threads) { index in
            for value in 0..<perThread { subjects[index].onNext(index * perThread + value) }
            subjects[index].onCompleted()
        }
        let events = recorder.events
        XCTAssertEqual(events.count, threads * perThread + 1)
        XCTAssertEqual(events.last, .completed)
        XCTAssertEqual(Set(events.compactMap(\.element)).count, threads * perThread)
        // Each source's values arrive in its own order.
        for index in 0..<threads {
            let own = events.compactMap(\.element).filter { $0 / perThread == index }
            XCTAssertEqual(own, Array(index * perThread..<(index + 1) * perThread))
        }
        subscription.dispose()
    }

    func testConcurrentErrorStopsEverything() {
        let threads = 3
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let recorder = EventRecorder<Int>()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(recorder)
        runConcurrently(threads) { index in
            for value in 0..<1_000 {
                if index == 0 && value == 500 { subjects[0].onError(TestError.boom) }
                subjects[index].onNext(value)
            }
        }
        XCTAssertEqual(recorder.events.last, .error(TestError.boom))
        XCTAssertTrue(subjects.allSatisfy { !$0.hasObservers })
        subscription.dispose()
    }
}
