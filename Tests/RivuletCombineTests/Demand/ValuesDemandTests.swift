import Foundation
import RivuletCombine
import TestSupport
import XCTest

/// `values` (`AsyncPublisher`, `AsyncThrowingPublisher`) as Combine documents it: each `next()`
/// requests one value; several tasks may await `next()` at once; finishing, failing, cancelling
/// the task or the subscription resumes every waiting `next()`. Every wait is bounded
/// (`TaskOutcome`), so a `next()` never resumed fails the test instead of hanging it.
final class ValuesDemandTests: RivuletTestCase {
    /// Starts `next()` on a copy of `iterator` in a task of its own.
    private func nextInTask<P: Publisher>(_ iterator: AsyncThrowingPublisher<P>.Iterator) -> TaskOutcome<P.Output?>
    where P: Sendable, P.Output: Sendable {
        let box = UncheckedSendableBox(iterator)
        return TaskOutcome(
            Task {
                var copy = box.value
                return try await copy.next()
            })
    }

    /// Starts `next()` on a copy of `iterator` (a publisher that cannot fail) in a task of its own.
    private func nextInTask<P: Publisher>(_ iterator: AsyncPublisher<P>.Iterator) -> TaskOutcome<P.Output?>
    where P: Sendable, P.Output: Sendable, P.Failure == Never {
        let box = UncheckedSendableBox(iterator)
        return TaskOutcome(
            Task {
                var copy = box.value
                return await copy.next()
            })
    }

    /// The value of a task's outcome, failing the test on a hang or a throw.
    private func value<T>(
        _ outcome: TaskOutcome<T>, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) async -> T? {
        guard let result = await outcome.wait() else {
            XCTFail("hang: \(what) was never resumed", file: file, line: line)
            return nil
        }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("\(what) threw \(error)", file: file, line: line)
            return nil
        }
    }

    func testEachNextRequestsOneValue() async {
        let publisher = RecordingPublisher<Int, Never>()
        let iterator = publisher.values.makeAsyncIterator()
        XCTAssertEqual(publisher.subscription.log, [], "nothing is requested before next()")
        let first = nextInTask(iterator)
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 1 })
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1))])
        XCTAssertEqual(publisher.send(1), .none)
        let one = await value(first, "the first next()")
        XCTAssertEqual(one, 1)
        let second = nextInTask(iterator)
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 2 })
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .request(.max(1))])
        publisher.send(completion: .finished)
        let end = await value(second, "the second next()")
        XCTAssertNil(end ?? nil)
        withExtendedLifetime(iterator) {}
    }

    func testASubjectKeepsOnlyWhatANextAskedFor() async {
        let subject = PassthroughSubject<Int, Never>()
        let iterator = subject.values.makeAsyncIterator()
        subject.send(0)  // no next() waits: nothing was requested, so the subject drops it
        let first = nextInTask(iterator)
        // The subject drops a value sent before the request reaches it: send until one arrives.
        var delivered: Int??
        for attempt in 1...5_000 {
            subject.send(attempt)
            if let result = await first.wait(seconds: 0.001) {
                delivered = try? result.get()
                break
            }
        }
        XCTAssertTrue(delivered != nil, "the waiting next() got a value")
        XCTAssertNotEqual(delivered ?? nil, 0, "the value sent before any next() was not kept")
        subject.send(completion: .finished)
        let end = await value(nextInTask(iterator), "next() after the end")
        XCTAssertNil(end ?? nil)
    }

    func testSeveralTasksAwaitingNextAtOnceEachGetOneValue() async {
        let publisher = RecordingPublisher<Int, Never>()
        let iterator = publisher.values.makeAsyncIterator()
        let outcomes = (0..<3).map { _ in nextInTask(iterator) }
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 3 })
        XCTAssertEqual(publisher.subscription.log, Array(repeating: .request(.max(1)), count: 3))
        for value in 1...3 { XCTAssertEqual(publisher.send(value), .none) }
        var received: [Int] = []
        for (index, outcome) in outcomes.enumerated() {
            if let value = await value(outcome, "next() #\(index)"), let value { received.append(value) }
        }
        XCTAssertEqual(received.sorted(), [1, 2, 3])
        withExtendedLifetime(iterator) {}
    }

    func testFinishingResumesEveryWaitingNext() async {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let iterator = publisher.values.makeAsyncIterator()
        let outcomes = (0..<3).map { _ in nextInTask(iterator) }
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 3 })
        publisher.send(completion: .finished)
        for (index, outcome) in outcomes.enumerated() {
            let result = await value(outcome, "next() #\(index)")
            XCTAssertNil(result ?? nil)
        }
        withExtendedLifetime(iterator) {}
    }

    func testAFailureIsThrownByTheOldestWaitingNextTheOthersEnd() async {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let iterator = publisher.values.makeAsyncIterator()
        let oldest = nextInTask(iterator)
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 1 })
        let younger = nextInTask(iterator)
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 2 })
        publisher.send(completion: .failure(.boom))
        guard let thrown = await oldest.wait() else { return XCTFail("hang: the oldest next() was never resumed") }
        XCTAssertThrowsError(try thrown.get()) { XCTAssertEqual($0 as? TestFailure, .boom) }
        let end = await value(younger, "the younger next()")
        XCTAssertNil(end ?? nil)
        withExtendedLifetime(iterator) {}
    }

    func testAFailureWithNoNextWaitingIsThrownByTheNextOneThenTheIterationEnds() async {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let iterator = publisher.values.makeAsyncIterator()
        publisher.send(completion: .failure(.boom))
        guard let thrown = await nextInTask(iterator).wait() else { return XCTFail("hang: next() after a failure") }
        XCTAssertThrowsError(try thrown.get()) { XCTAssertEqual($0 as? TestFailure, .boom) }
        let end = await value(nextInTask(iterator), "next() after the thrown failure")
        XCTAssertNil(end ?? nil)
        XCTAssertEqual(publisher.subscription.log, [], "nothing is requested once the publisher has ended")
    }

    func testCancellingTheTaskCancelsOnceAndResumesEveryWaitingNext() async {
        let publisher = RecordingPublisher<Int, Never>()
        let iterator = publisher.values.makeAsyncIterator()
        let box = UncheckedSendableBox(iterator)
        let cancelled = Task {
            var copy = box.value
            return await copy.next()
        }
        let cancelledOutcome = TaskOutcome(Task { await cancelled.value })
        let other = nextInTask(iterator)
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 2 })
        cancelled.cancel()
        let fromCancelled = await value(cancelledOutcome, "the cancelled task's next()")
        XCTAssertNil(fromCancelled ?? nil)
        let fromOther = await value(other, "the other task's next()")
        XCTAssertNil(fromOther ?? nil)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1)), .request(.max(1)), .cancel])
        let later = await value(nextInTask(iterator), "next() after the cancellation")
        XCTAssertNil(later ?? nil)
        XCTAssertEqual(publisher.subscription.cancelCount, 1)
    }

    func testCancellingTheSubscriptionResumesEveryWaitingNext() async {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let iterator = publisher.values.makeAsyncIterator()
        let outcomes = (0..<2).map { _ in nextInTask(iterator) }
        XCTAssertTrue(waitUntil { publisher.subscription.log.count == 2 })
        let subscriber = publisher.rawSubscriber as? Cancellable
        XCTAssertNotNil(subscriber, "the subscriber of values is Cancellable, as Combine's")
        subscriber?.cancel()
        subscriber?.cancel()
        for (index, outcome) in outcomes.enumerated() {
            let result = await value(outcome, "next() #\(index)")
            XCTAssertNil(result ?? nil)
        }
        XCTAssertEqual(publisher.subscription.cancelCount, 1, "the upstream is cancelled once")
        withExtendedLifetime(iterator) {}
    }

    func testCancellationBeforeTheSubscriptionEndsTheIterationAndRefusesTheSubscription() async {
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let iterator = publisher.values.makeAsyncIterator()
        let box = UncheckedSendableBox(iterator)
        let task = Task {
            var copy = box.value
            return await copy.next()
        }
        let outcome = TaskOutcome(Task { await task.value })
        task.cancel()
        let result = await value(outcome, "next() of a task cancelled before the subscription")
        XCTAssertNil(result ?? nil)
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.cancel], "a subscription after the end is cancelled")
        withExtendedLifetime(iterator) {}
    }

    func testRequestsBeforeTheSubscriptionGoUpstreamWithIt() async {
        let publisher = RecordingPublisher<Int, Never>(subscribesAtOnce: false)
        let iterator = publisher.values.makeAsyncIterator()
        let outcomes = (0..<2).map { _ in nextInTask(iterator) }
        try? await Task.sleep(nanoseconds: 20_000_000)  // let both wait (the count is checked below)
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        publisher.send(1)
        publisher.send(2)
        var received: [Int] = []
        for (index, outcome) in outcomes.enumerated() {
            if let value = await value(outcome, "next() #\(index)"), let value { received.append(value) }
        }
        XCTAssertEqual(received.sorted(), [1, 2])
        withExtendedLifetime(iterator) {}
    }

    func testAFailureBeforeTheSubscriptionIsThrownAndTheSubscriptionRefused() async {
        let publisher = RecordingPublisher<Int, TestFailure>(subscribesAtOnce: false)
        let iterator = publisher.values.makeAsyncIterator()
        let waiting = nextInTask(iterator)
        try? await Task.sleep(nanoseconds: 10_000_000)
        publisher.send(completion: .failure(.boom))
        guard let thrown = await waiting.wait() else { return XCTFail("hang: next() waiting before a failure") }
        XCTAssertThrowsError(try thrown.get()) { XCTAssertEqual($0 as? TestFailure, .boom) }
        let end = await value(nextInTask(iterator), "next() after the failure")
        XCTAssertNil(end ?? nil)
        publisher.send(subscription: publisher.subscription)
        XCTAssertEqual(publisher.subscription.log, [.cancel])
    }

    func testAValueNoNextAskedForIsDroppedAndReportedNotATrap() {
        let publisher = RecordingPublisher<Int, Never>()
        let iterator = publisher.values.makeAsyncIterator()
        let misuses = capturingMisuses { XCTAssertEqual(publisher.send(1), .none) }
        XCTAssertEqual(misuses.count, 1)
        XCTAssertEqual(publisher.subscription.log, [])
        withExtendedLifetime(iterator) {}
    }

    func testReleasingTheIteratorCancelsTheSubscription() {
        let publisher = RecordingPublisher<Int, Never>()
        do {
            let iterator = publisher.values.makeAsyncIterator()
            withExtendedLifetime(iterator) {}
        }
        XCTAssertEqual(publisher.subscription.log, [.cancel])
    }
}
