import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineAsyncTests: RivuletTestCase {
    func testObservableValuesCompletes() async throws {
        var collected: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            collected.append(value)
        }
        XCTAssertEqual(collected, [1, 2, 3])
    }

    func testObservableValuesThrowsTheError() async {
        var collected: [Int] = []
        do {
            for try await value in Observable<Int>.create({ observer in
                observer.onNext(1)
                observer.onError(TestFailure.boom)
                return Disposables.create()
            }).values {
                collected.append(value)
            }
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error as? TestFailure, .boom)
        }
        XCTAssertEqual(collected, [1])
    }

    func testEarlyLoopExitDisposesTheSubscription() async throws {
        let subject = ReplaySubject<Int>.createUnbound()
        for value in 1...10 { subject.onNext(value) }
        var collected: [Int] = []
        for try await value in subject.values {
            collected.append(value)
            if value == 3 { break }
        }
        XCTAssertEqual(collected, [1, 2, 3])
        XCTAssertFalse(subject.hasObservers, "leaving the loop disposes the subscription")
    }

    func testTaskCancellationDisposesTheSubscriptionAndTheLoopThrowsCancellationError() async throws {
        let subject = PublishSubject<Int>()
        let started = expectation(description: "first value consumed")
        let collected = LockedValues<Int>()
        let task = Task { () -> Void in
            for try await value in subject.values {
                if collected.append(value) == 1 { started.fulfill() }
            }
        }
        let outcome = TaskOutcome(task)
        while !subject.hasObservers { await Task.yield() }
        subject.onNext(1)
        await fulfillment(of: [started], timeout: 5)
        task.cancel()
        guard let result = await outcome.wait() else { return XCTFail("the loop did not end") }
        // As in RxSwift: the loop throws rather than ending as if the stream had completed.
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(collected.all, [1])
        XCTAssertFalse(subject.hasObservers, "cancelling the task disposes the subscription")
    }

    func testFastProducerLosesNothing() async throws {
        let count = 100_000
        let subject = PublishSubject<Int>()
        let stream = subject.values
        let producerDone = DispatchSemaphore(value: 0)
        let producer = Thread {  // a subject of a Sendable element is Sendable: no box needed
            for value in 0..<count { subject.onNext(value) }
            subject.onCompleted()
            producerDone.signal()
        }
        producer.start()
        var expected = 0
        for try await value in stream {
            if value != expected {
                XCTFail("expected \(expected), got \(value)")
                break
            }
            expected += 1
        }
        XCTAssertEqual(expected, count, "every element arrives once, in order")
        // The loop can end while the producer is still returning from `onCompleted()`.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                producerDone.wait()
                continuation.resume()
            }
        }
    }

    func testPublisherValuesForNeverAndThrowingFailures() async throws {
        // As Combine's: each next() requests one value, so what a subject is sent while no
        // next() waits is dropped; the completion still ends the loop.
        var collected: [Int] = []
        let numbers = PassthroughSubject<Int, Never>()
        var plain = numbers.values.makeAsyncIterator()
        numbers.send(1)
        numbers.send(2)
        numbers.send(completion: .finished)
        while let value = await plain.next() {
            collected.append(value)
        }
        XCTAssertEqual(collected, [])

        let subject = PassthroughSubject<Int, TestFailure>()
        var iterator = subject.values.makeAsyncIterator()
        subject.send(7)
        subject.send(completion: .failure(.other))
        do {
            let value = try await iterator.next()
            XCTFail("expected a throw, got \(String(describing: value))")
        } catch {
            XCTAssertEqual(error as? TestFailure, .other)
        }
        let end = try await iterator.next()
        XCTAssertNil(end, "the iteration has ended")
    }

    func testPublisherValuesEarlyExit() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        var collected: [Int] = []
        for await value in subject.values {
            collected.append(value)
            if value == 0 { break }
        }
        XCTAssertEqual(collected, [0])
        XCTAssertFalse((subject.asObservable() as? BehaviorSubject<Int>)?.hasObservers ?? true)
    }

    /// The iterating task holds the subscription's sink until it has noticed its cancellation
    /// or finished: wait (bounded) for it to end before the leak check.
    private func waitForIteratingTasks(toReturnTo baseline: Int32) {
        let deadline = Date().addingTimeInterval(5)
        while Resources.total != baseline && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.001))
        }
    }

    func testAsyncSequenceAsObservable() {
        let baseline = Resources.total
        do {
            let stream = AsyncStream<Int> { continuation in
                for value in 1...3 { continuation.yield(value) }
                continuation.finish()
            }
            let done = expectation(description: "completed")
            var values: [Int] = []
            let lock = NSLock()
            let disposable = stream.asObservable().subscribe(
                onNext: { value in lock.withLock { values.append(value) } },
                onCompleted: { done.fulfill() })
            wait(for: [done], timeout: 5)
            XCTAssertEqual(lock.withLock { values }, [1, 2, 3])
            disposable.dispose()
        }
        waitForIteratingTasks(toReturnTo: baseline)
    }

    func testAsyncSequenceErrorBecomesFailure() {
        let baseline = Resources.total
        do {
            let stream = AsyncThrowingStream<Int, Error> { continuation in
                continuation.yield(1)
                continuation.finish(throwing: TestFailure.boom)
            }
            let done = expectation(description: "failed")
            let lock = NSLock()
            var failure: Error?
            let cancellable = stream.asPublisher().sink(
                receiveCompletion: { completion in
                    if case .failure(let error) = completion { lock.withLock { failure = error } }
                    done.fulfill()
                },
                receiveValue: { _ in })
            wait(for: [done], timeout: 5)
            XCTAssertEqual(lock.withLock { failure } as? TestFailure, .boom)
            cancellable.cancel()
        }
        waitForIteratingTasks(toReturnTo: baseline)
    }

    func testAnIterationEndedByCancellationErrorCompletes() {
        let baseline = Resources.total
        do {
            let stream = AsyncThrowingStream<Int, Error> { continuation in
                continuation.yield(1)
                continuation.finish(throwing: CancellationError())
            }
            let done = expectation(description: "ended")
            let recorder = EventRecorder<Int>()
            let disposable = stream.asObservable().subscribe { event in
                recorder.on(event)
                if event.isStopEvent { done.fulfill() }
            }
            wait(for: [done], timeout: 5)
            // RxSwift: a `CancellationError` from the sequence completes the observable.
            XCTAssertEqual(recorder.events, [.next(1), .completed])
            disposable.dispose()
        }
        waitForIteratingTasks(toReturnTo: baseline)
    }

    func testAsObservableIteratesAtTheGivenPriority() {
        let baseline = Resources.total
        do {
            let priorities = PriorityProbe()
            let done = expectation(description: "completed")
            let disposable = priorities.asObservable(priority: .low).subscribe(onCompleted: { done.fulfill() })
            wait(for: [done], timeout: 5)
            XCTAssertEqual(priorities.seen, .low)
            disposable.dispose()
        }
        waitForIteratingTasks(toReturnTo: baseline)
    }

    func testDisposeCancelsTheIteratingTask() {
        let baseline = Resources.total
        do {
            let cancelled = expectation(description: "task cancelled")
            let stream = AsyncStream<Int> { continuation in
                continuation.onTermination = { termination in
                    if case .cancelled = termination { cancelled.fulfill() }
                }
                continuation.yield(1)
            }
            let first = expectation(description: "first value")
            let disposable = stream.asObservable().subscribe(onNext: { _ in first.fulfill() })
            wait(for: [first], timeout: 5)
            disposable.dispose()
            wait(for: [cancelled], timeout: 5)
        }
        waitForIteratingTasks(toReturnTo: baseline)
    }
}

/// An empty async sequence that records the priority of the task iterating it.
private final class PriorityProbe: AsyncSequence, @unchecked Sendable {
    // @unchecked Sendable: `recorded` is guarded by `lock`.
    typealias Element = Int
    private let lock = NSLock()
    private var recorded: TaskPriority?

    var seen: TaskPriority? { lock.withLock { recorded } }

    struct AsyncIterator: AsyncIteratorProtocol {
        let probe: PriorityProbe
        mutating func next() async -> Int? {
            let priority = Task.currentPriority
            probe.lock.withLock { probe.recorded = priority }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(probe: self) }
}
