import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class WindowTests: RivuletTestCase {
    func testWindowsCloseOnCountOrTimeSpanLikeBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(280, 5), .next(290, 6),
            .next(350, 7), .completed(400),
        ])
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).flatMap { $0.toArray() }
        }
        // The same windows as buffer's: 230 count, 300 timer, 370 timer, 400 completion.
        XCTAssertEqual(
            res.events,
            [.next(230, [2, 3, 4]), .next(300, [5, 6]), .next(370, [7]), .next(400, []), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testWindowOpensAtSubscriptionAndEachTimeOneCloses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(270)])
        var opened: [Int] = []
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
                .do(onNext: { _ in opened.append(scheduler.clock) })
                .enumerated()
                .flatMap { index, window in window.map { "\(index):\($0)" } }
        }
        XCTAssertEqual(opened, [200, 220, 250], "at subscription, when window 0 is full, when window 1 times out")
        XCTAssertEqual(res.events, [.next(210, "0:1"), .next(220, "0:2"), .next(260, "2:3"), .completed(270)])
    }

    func testSourceErrorReachesTheOpenWindowThenTheOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler).flatMap { $0.materialize() }
        }
        XCTAssertEqual(
            res.events, [.next(210, .next(1)), .next(230, .error(TestError.boom)), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCountZeroClosesOnTimeOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(290),
        ])
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(40), count: 0, scheduler: scheduler).flatMap { $0.toArray() }
        }
        XCTAssertEqual(res.events, [.next(240, [1, 2, 3]), .next(280, [4]), .next(290, []), .completed(290)])
    }

    func testDisposeEndsTheSourceAndTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(320, 3)])
        var windows = 0
        let res = scheduler.start(disposed: 280) {
            xs.window(timeSpan: .seconds(50), count: 10, scheduler: scheduler)
                .do(onNext: { _ in windows += 1 })
                .flatMap { $0 }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
        XCTAssertEqual(windows, 2, "200 and 250; no window after the disposal")
    }

    func testDisposingFromInsideTheFirstWindowStopsEverything() {
        let subject = PublishSubject<Int>()
        let scheduler = TestScheduler(initialClock: 0)
        var subscription: Disposable?
        var received: [Int] = []
        subscription = subject.window(timeSpan: .seconds(10), count: 2, scheduler: scheduler)
            .subscribe(onNext: { window in
                _ = window.subscribe(onNext: { value in
                    received.append(value)
                    subscription?.dispose()
                })
            })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
        scheduler.advanceTo(100)
    }
}

/// `window` with a real timer, fed from several threads (the timer's work may end after the
/// result completes, so resources are checked once it settles).
final class WindowConcurrencyTests: RealTimeTestCase {
    func testValuesFromSeveralThreadsEachLandInExactlyOneWindow() {
        let subject = PublishSubject<Int>()
        let collected = LockedArray()
        let done = DispatchSemaphore(value: 0)
        let timers = ConcurrentDispatchQueueScheduler(qos: .default)
        let subscription = subject.window(timeSpan: .milliseconds(1), count: 7, scheduler: timers)
            .flatMap { $0.toArray() }
            .subscribe(onNext: { collected.append($0) }, onCompleted: { done.signal() })
        let perThread = 1_000
        runConcurrently(3) { thread in
            for index in 0..<perThread { subject.onNext(thread * perThread + index) }
        }
        subject.onCompleted()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the result completes")
        let all = collected.values.flatMap { $0 }
        XCTAssertEqual(all.count, 3 * perThread, "nothing lost or duplicated")
        XCTAssertEqual(Set(all).count, 3 * perThread)
        XCTAssertTrue(collected.values.allSatisfy { $0.count <= 7 }, "no window over its count")
        subscription.dispose()
    }
}

/// Arrays appended from several threads.
private final class LockedArray: @unchecked Sendable {
    // @unchecked Sendable: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [[Int]] = []

    func append(_ value: [Int]) { lock.withLock { storage.append(value) } }

    var values: [[Int]] { lock.withLock { storage } }
}
