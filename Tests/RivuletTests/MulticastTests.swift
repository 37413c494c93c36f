import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class MulticastTests: RivuletTestCase {
    // MARK: publish

    func testSubscribersReceiveOnlyWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(290, 5), .completed(400),
        ])
        let published = xs.publish()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        var connection: Disposable?
        scheduler.scheduleAt(200) { subscription = published.subscribe(observer) }
        scheduler.scheduleAt(220) { connection = published.connect() }
        scheduler.scheduleAt(260) { connection?.dispose() }
        scheduler.scheduleAt(280) { connection = published.connect() }
        scheduler.scheduleAt(300) {
            connection?.dispose()
            subscription?.dispose()
        }
        scheduler.start()
        // After the first connection ended, the subject was forgotten: the subscriber (still on
        // the old subject) receives nothing from the second connection, as in RxSwift.
        XCTAssertEqual(observer.events, [.next(230, 2), .next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(220, 260), Subscription(280, 300)])
    }

    func testConnectWhileConnectedReturnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let published = xs.publish()
        let observer = scheduler.createObserver(Int.self)
        var first: Disposable?
        scheduler.scheduleAt(200) {
            _ = published.subscribe(observer)
            first = published.connect()
            let second = published.connect()
            XCTAssertTrue((first as AnyObject) === (second as AnyObject))
        }
        scheduler.scheduleAt(220) { first?.dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTheSourcesTerminalEventReachesSubscribersAndEndsTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let published = xs.publish()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = published.subscribe(early)
            _ = published.connect()
        }
        scheduler.scheduleAt(230) { _ = published.subscribe(late) }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(210, 1), .completed(220)])
        // A fresh subject: the late subscriber waits for a new connection.
        XCTAssertEqual(late.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: replay

    func testReplaySendsTheLastValuesToNewSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(400)])
        let replayed = xs.replay(2)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = replayed.connect() }
        scheduler.scheduleAt(240) { _ = replayed.subscribe(late) }
        scheduler.start()
        XCTAssertEqual(late.events, [.next(240, 2), .next(240, 3), .completed(400)])
    }

    func testReplayAll() {
        let subject = PublishSubject<Int>()
        let replayed = subject.replayAll()
        let connection = replayed.connect()
        for value in 1...5 { subject.onNext(value) }
        var received: [Int] = []
        let subscription = replayed.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3, 4, 5])
        subscription.dispose()
        connection.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: multicast

    func testMulticastThroughAGivenSubjectKeepsItsTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        let multicast = xs.multicast(subject)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = multicast.connect() }
        scheduler.scheduleAt(230) { _ = multicast.subscribe(late) }
        scheduler.start()
        XCTAssertEqual(late.events, [.next(230, 1), .completed(230)])
    }

    func testMakeSubjectIsCalledWhenFirstNeededAndAfterEachConnection() {
        let subject = PublishSubject<Int>()
        var made = 0
        let multicast = subject.multicast(makeSubject: { () -> PublishSubject<Int> in
            made += 1
            return PublishSubject()
        })
        XCTAssertEqual(made, 0)
        var received: [Int] = []
        _ = multicast.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(made, 1)
        let connection = multicast.connect()
        XCTAssertEqual(made, 1)
        subject.onNext(1)
        connection.dispose()
        _ = multicast.connect()
        XCTAssertEqual(made, 2)
        subject.onNext(2)
        XCTAssertEqual(received, [1])
        subject.onCompleted()
    }

    func testMulticastWithASelectorSubscribesTheSourceOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let res = scheduler.start {
            xs.multicast(
                { PublishSubject<Int>() },
                selector: { shared in Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 } })
        }
        XCTAssertEqual(res.events, [.next(220, 12), .next(230, 23), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testMulticastWithASelectorDisposesTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let res = scheduler.start(disposed: 250) {
            xs.multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 * 2 } })
        }
        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMulticastSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw TestError.boom })
        }
        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testConcurrentConnectsMakeOneConnection() {
        for _ in 0..<50 {
            var subscriptions = 0
            let lock = NSLock()
            let source = Observable<Int>.create { _ in
                lock.withLock { subscriptions += 1 }
                return Disposables.create()
            }
            let published = source.publish()
            var connections: [Disposable] = []
            runConcurrently(4) { _ in
                let connection = published.connect()
                lock.withLock { connections.append(connection) }
            }
            XCTAssertEqual(subscriptions, 1)
            XCTAssertEqual(Set(connections.map { ObjectIdentifier($0 as AnyObject) }).count, 1)
            connections.first?.dispose()
        }
    }
}
