import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ShareTests: RivuletTestCase {
    /// Two overlapping subscribers (200–350 and 300–400), then a third (500–600), as in RxSwift's
    /// scope tests.
    private func runOverlapping(
        replay: Int, scope: SubjectLifetimeScope, events: [Recorded<Event<Int>>]
    ) -> (TestableObservable<Int>, [TestableObserver<Int>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        var shared: Observable<Int>?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        scheduler.scheduleAt(100) { shared = xs.share(replay: replay, scope: scope) }
        scheduler.scheduleAt(200) { subscriptions[0] = shared?.subscribe(observers[0]) }
        scheduler.scheduleAt(300) { subscriptions[1] = shared?.subscribe(observers[1]) }
        scheduler.scheduleAt(350) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(400) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(500) { subscriptions[2] = shared?.subscribe(observers[2]) }
        scheduler.scheduleAt(600) { subscriptions[2]?.dispose() }
        scheduler.start()
        return (xs, observers)
    }

    private let values: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .next(550, 7),
    ]

    func testDefaultsShareWithoutReplayWhileConnected() {
        let (xs, res) = runOverlapping(replay: 0, scope: .whileConnected, events: values)
        XCTAssertEqual(
            res[0].events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        XCTAssertEqual(res[1].events, [.next(320, 6)])
        XCTAssertEqual(res[2].events, [.next(550, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])

        // `share()` uses exactly these defaults.
        let subject = PublishSubject<Int>()
        let shared = subject.share()
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        let a = shared.subscribe(first)
        subject.onNext(1)
        let b = shared.subscribe(second)
        subject.onNext(2)
        XCTAssertEqual(first.elements, [1, 2])
        XCTAssertEqual(second.elements, [2])
        a.dispose()
        b.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testWhileConnectedReplaysWithinAConnectionOnly() {
        for replay in 1...3 {
            let (xs, res) = runOverlapping(replay: replay, scope: .whileConnected, events: values)
            let replayed = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
            XCTAssertEqual(res[1].events, replayed + [.next(320, 6)])
            // After the refcount dropped to zero the next subscriber gets a fresh subject.
            XCTAssertEqual(res[2].events, [.next(550, 7)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])
        }
    }

    func testForeverKeepsTheReplayBufferAcrossReconnections() {
        for replay in 0...3 {
            let (xs, res) = runOverlapping(replay: replay, scope: .forever, events: values)
            let replayed2 = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
            let replayed3 = (0..<replay).map { Recorded.next(500, 7 - replay + $0) }
            XCTAssertEqual(res[1].events, replayed2 + [.next(320, 6)])
            XCTAssertEqual(res[2].events, replayed3 + [.next(550, 7)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])
        }
    }

    /// Subscribers that resubscribe from their terminal handler, as in RxSwift's scope tests.
    private func runResubscribing(
        replay: Int, scope: SubjectLifetimeScope, terminal: Recorded<Event<Int>>
    ) -> (TestableObservable<Int>, [TestableObserver<Int>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(320, 6), terminal, .next(340, -1), .next(550, 7),
        ])
        // 0, 1: first subscribers; 2, 3: their resubscriptions; 4: late subscriber.
        let observers = (0..<5).map { _ in scheduler.createObserver(Int.self) }
        var shared: Observable<Int>?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        func subscribeResubscribing(_ index: Int) {
            subscriptions[index] = shared?.subscribe { event in
                observers[index].on(event)
                if event.isStopEvent { subscriptions[index] = shared?.subscribe(observers[index + 2]) }
            }
        }
        scheduler.scheduleAt(100) { shared = xs.share(replay: replay, scope: scope) }
        scheduler.scheduleAt(200) { subscribeResubscribing(0) }
        scheduler.scheduleAt(300) { subscribeResubscribing(1) }
        scheduler.scheduleAt(350) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(400) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(500) { subscriptions[2] = shared?.subscribe(observers[4]) }
        scheduler.scheduleAt(600) { subscriptions[2]?.dispose() }
        scheduler.start()
        return (xs, observers)
    }

    func testWhileConnectedReconnectsAfterTheSourceTerminated() {
        for terminal in [Recorded<Event<Int>>.completed(330), .error(330, TestError.boom)] {
            for replay in 0...2 {
                let (xs, res) = runResubscribing(replay: replay, scope: .whileConnected, terminal: terminal)
                XCTAssertEqual(res[0].events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(320, 6), terminal])
                // A resubscription from the terminal handler starts a new connection with a fresh subject.
                XCTAssertEqual(res[2].events, [.next(340, -1)])
                XCTAssertEqual(res[3].events, [.next(340, -1)])
                XCTAssertEqual(res[4].events, [.next(550, 7)])
                XCTAssertEqual(
                    xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
            }
        }
    }

    func testForeverReplaysTheTerminalEventWithoutResubscribing() {
        for terminal in [Recorded<Event<Int>>.completed(330), .error(330, TestError.boom)] {
            for replay in 0...2 {
                let (xs, res) = runResubscribing(replay: replay, scope: .forever, terminal: terminal)
                let lastValues = [1, 2, 3, 6].suffix(replay)
                XCTAssertEqual(res[0].events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(320, 6), terminal])
                let at330 = lastValues.map { Recorded.next(330, $0) } + [terminal]
                XCTAssertEqual(res[2].events, at330)
                XCTAssertEqual(res[3].events, at330)
                let at500 = lastValues.map { Recorded.next(500, $0) } + [Recorded(time: 500, value: terminal.value)]
                XCTAssertEqual(res[4].events, at500)
                XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)])
            }
        }
    }

    func testSharesOneSubscriptionOfAColdSource() {
        var subscribed = 0
        let source = Observable<Int>.deferred {
            subscribed += 1
            return .never()
        }
        let shared = source.share(replay: 1)
        let a = shared.subscribe()
        let b = shared.subscribe()
        XCTAssertEqual(subscribed, 1)
        a.dispose()
        b.dispose()
        let c = shared.subscribe()
        XCTAssertEqual(subscribed, 2)
        c.dispose()
    }

    func testSynchronousSourceWhileConnectedRunsAgainForTheNextSubscriber() {
        var subscribed = 0
        let source = Observable<Int>.deferred {
            subscribed += 1
            return .just(subscribed)
        }
        let shared = source.share(replay: 1, scope: .whileConnected)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = shared.subscribe(first)
        _ = shared.subscribe(second)
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
    }

    func testSynchronousSourceForeverRunsOnce() {
        var subscribed = 0
        let source = Observable<Int>.deferred {
            subscribed += 1
            return .just(subscribed)
        }
        let shared = source.share(replay: 1, scope: .forever)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = shared.subscribe(first)
        _ = shared.subscribe(second)
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(1), .completed])
        XCTAssertEqual(subscribed, 1)
    }

    func testNegativeReplayCountsAsZero() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: -3)
        let a = shared.subscribe()
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        let b = shared.subscribe(recorder)
        XCTAssertEqual(recorder.events, [])
        a.dispose()
        b.dispose()
    }

    func testSubscribersComingAndGoingOnManyThreads() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let keeper = EventRecorder<Int>()
        let kept = shared.subscribe(keeper)
        runConcurrently(4) { index in
            if index == 0 {
                for value in 0..<3_000 { subject.onNext(value) }
            } else {
                for _ in 0..<300 {
                    let recorder = EventRecorder<Int>()
                    let subscription = shared.subscribe(recorder)
                    subscription.dispose()
                }
            }
        }
        XCTAssertEqual(keeper.elements, Array(0..<3_000))
        kept.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}
