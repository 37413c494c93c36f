import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineSchedulingTests: RealTimeTestCase {
    func testReceiveOnImmediateSchedulerIsSynchronous() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(subject.receive(on: ImmediateScheduler.shared))
        subject.send(1)
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(1), .completion(.finished)])
    }

    func testReceiveOnDispatchQueueDeliversOnThatQueue() {
        let queue = DispatchQueue(label: "rivulet.tests.receive")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let done = expectation(description: "finished")
        let lock = NSLock()
        var values: [Int] = []
        var onQueue: [Bool] = []
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.receive(on: queue).sink(
            receiveCompletion: { _ in done.fulfill() },
            receiveValue: { value in
                lock.withLock {
                    values.append(value)
                    onQueue.append(DispatchQueue.getSpecific(key: key) == 7)
                }
            })
        // As in Combine, the subscription is handed over at once: what the subject sends next is kept.
        for value in 1...100 { subject.send(value) }
        subject.send(completion: .finished)
        wait(for: [done], timeout: 5)
        lock.withLock {
            XCTAssertEqual(values, Array(1...100), "order is kept")
            XCTAssertTrue(onQueue.allSatisfy { $0 })
        }
        cancellable.cancel()
    }

    func testReceiveOnOperationQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let done = expectation(description: "finished")
        let lock = NSLock()
        var values: [Int] = []
        var onQueue = true
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.receive(on: queue).sink(
            receiveCompletion: { _ in done.fulfill() },
            receiveValue: { value in
                lock.withLock {
                    values.append(value)
                    if OperationQueue.current !== queue { onQueue = false }
                }
            })
        queue.waitUntilAllOperationsAreFinished()  // the subscription is handed over on the queue
        for value in 1...20 { subject.send(value) }
        subject.send(completion: .finished)
        wait(for: [done], timeout: 5)
        lock.withLock {
            XCTAssertEqual(values, Array(1...20))
            XCTAssertTrue(onQueue)
        }
        cancellable.cancel()
    }

    func testReceiveOnRunLoopWaitsForTheRunLoop() {
        let baseline = Resources.total
        do {
            let subject = PassthroughSubject<Int, Never>()
            var values: [Int] = []
            var subscribed = false
            let cancellable = subject.receive(on: RunLoop.current)
                .handleEvents(receiveSubscription: { _ in subscribed = true })
                .sink { values.append($0) }
            XCTAssertTrue(subscribed, "the subscription is handed over at once, as in Combine")
            subject.send(1)
            subject.send(2)
            XCTAssertEqual(values, [])
            turnRunLoop { values.count == 2 }
            XCTAssertEqual(values, [1, 2])
            cancellable.cancel()
        }
        turnRunLoop { Resources.total == baseline }
    }

    func testCancelledReceiveOnDeliversNothingMore() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.receive(on: scheduler).sink { values.append($0) }
        subject.send(0)  // before the scheduler runs: kept, the subscription was handed over at once
        scheduler.advance(by: .nanoseconds(0))
        subject.send(1)
        cancellable.cancel()
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(values, [0], "a value scheduled before the cancel is dropped")
    }

    func testSubscribeOnSubscribesOnTheScheduler() {
        let scheduler = CombineTestScheduler()
        let probe = ProbePublisher<Int, Never>()
        var values: [Int] = []
        let cancellable = probe.subscribe(on: scheduler).sink { values.append($0) }
        XCTAssertEqual(probe.subscribeCount, 0, "not subscribed until the scheduler runs")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(probe.subscribeCount, 1)
        probe.send(5)
        XCTAssertEqual(values, [5])
        cancellable.cancel()
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(probe.disposeCount, 1)
    }

    func testDebounce() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<String, Never>()
        let recorder = CombineRecorder(subject.debounce(for: .milliseconds(300), scheduler: scheduler))
        subject.send("a")
        scheduler.advance(by: .milliseconds(100))
        subject.send("b")
        scheduler.advance(by: .milliseconds(299))
        XCTAssertEqual(recorder.values, [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(recorder.values, ["b"])
        subject.send("c")
        subject.send(completion: .finished)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(
            recorder.events, [.value("b"), .completion(.finished)],
            "as in Combine, the completion drops a value still waiting (RxSwift's debounce sends it)")
    }

    func testThrottleLatestAndFirst() {
        for latest in [true, false] {
            let scheduler = CombineTestScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = CombineRecorder(subject.throttle(for: .seconds(1), scheduler: scheduler, latest: latest))
            subject.send(1)
            scheduler.advance(by: .milliseconds(100))
            XCTAssertEqual(recorder.values, [1], "the first value goes at once")
            subject.send(2)
            subject.send(3)
            scheduler.advance(by: .seconds(2))
            // As in Combine, `latest: false` sends the window's first value at its end.
            XCTAssertEqual(recorder.values, latest ? [1, 3] : [1, 2])
            subject.send(4)
            scheduler.advance(by: .milliseconds(1))
            XCTAssertEqual(recorder.values, latest ? [1, 3, 4] : [1, 2, 4])
        }
    }

    func testDelay() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(subject.delay(for: .seconds(2), scheduler: scheduler))
        scheduler.advance(by: .nanoseconds(0))  // the subscription is handed over on the scheduler
        subject.send(1)
        scheduler.advance(by: .seconds(1))
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.events, [.value(1)])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
    }

    func testCollectByTimeSendsEachNonEmptySpan() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(subject.collect(.byTime(scheduler, .seconds(1))))
        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.values, [[1, 2]])
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(recorder.values, [[1, 2]], "no empty arrays")
        subject.send(3)
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value([1, 2])], "as in Combine, the completion comes from the scheduler")
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(recorder.events, [.value([1, 2]), .value([3]), .completion(.finished)])
        scheduler.advance(by: .seconds(1))  // runs the cancelled timer out of the queue
    }

    func testCollectByTimeOrCountKeepsTheTimeGrid() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(subject.collect(.byTimeOrCount(scheduler, .seconds(5), 2)))
        scheduler.advance(by: .seconds(3))
        subject.send(1)
        subject.send(2)  // full at 3 s: sent at once
        XCTAssertEqual(recorder.values, [[1, 2]])
        scheduler.advance(by: .seconds(1))
        subject.send(3)
        scheduler.advance(by: .seconds(1))  // 5 s: the grid's span ends (not 3 + 5 s)
        XCTAssertEqual(recorder.values, [[1, 2], [3]], "the full array did not restart the span")
        subject.send(4)
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(recorder.values, [[1, 2], [3], [4]])
        subject.send(completion: .finished)
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(recorder.events.last, .completion(.finished))
        XCTAssertEqual(recorder.values.count, 3, "nothing left to send at the end")
        scheduler.advance(by: .seconds(5))
    }

    func testCollectByTimePassesAFailureOnFromTheSchedulerDroppingWhatWasCollected() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = CombineRecorder(subject.collect(.byTime(scheduler, .seconds(1))))
        subject.send(1)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [])
        scheduler.advance(by: .nanoseconds(0))
        XCTAssertEqual(recorder.events, [.completion(.failure(.boom))])
        scheduler.advance(by: .seconds(1))
    }

    func testMeasureIntervalTimesEachValueFromThePreviousOne() {
        let scheduler = CombineTestScheduler()
        let subject = PassthroughSubject<String, Never>()
        scheduler.advance(by: .seconds(10))
        let recorder = CombineRecorder(subject.measureInterval(using: scheduler))
        scheduler.advance(by: .milliseconds(300))
        subject.send("a")
        scheduler.advance(by: .seconds(2))
        subject.send("b")
        subject.send("c")
        subject.send(completion: .finished)
        XCTAssertEqual(
            recorder.events,
            [.value(.milliseconds(300)), .value(.seconds(2)), .value(.nanoseconds(0)), .completion(.finished)],
            "the first from the subscription, then from each previous value")
    }
}
