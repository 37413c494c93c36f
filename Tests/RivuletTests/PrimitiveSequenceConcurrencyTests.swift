import Foundation
import Rivulet
import TestSupport
import XCTest

/// The result of a task, once it ends, read from another task (a watchdog for awaited results).
final class TaskOutcome<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `result` is guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<Value, Error>?

    /// Records `task`'s result when it ends.
    init(_ task: Task<Value, Error>) {
        Task { [self] in
            let result = await task.result
            lock.withLock { self.result = result }
        }
    }

    /// The task's result, or `nil` if it has not ended within `seconds` (the caller fails the test).
    func wait(seconds: Double = 5) async -> Result<Value, Error>? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let result = lock.withLock({ result }) { return result }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return nil
    }
}

/// Waits (up to five seconds) for the tasks a test started to release their subscriptions, so
/// the leak check sees the end state.
func settleResources(to baseline: Int32) async {
    let deadline = Date().addingTimeInterval(5)
    while Resources.total != baseline && Date() < deadline {
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

/// A flag set from any thread.
final class DisposedFlag: @unchecked Sendable {
    // @unchecked Sendable: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var value: Bool { lock.withLock { flag } }
}

final class PrimitiveSequenceConcurrencyTests: RivuletTestCase {
    // MARK: Single

    func testSingleValueIsTheValueOrThrowsTheError() async throws {
        let value = try await Single.just("a").value
        XCTAssertEqual(value, "a")
        do {
            _ = try await Single<Int>.error(TestError.boom).value
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testCancellingTheTaskAwaitingASingleThrowsCancellationErrorAndDisposes() async {
        let disposed = DisposedFlag()
        let subscribed = DisposedFlag()
        let single = Single<Int>.never().do(onSubscribed: { subscribed.set() }, onDispose: { disposed.set() })
        let task = Task { try await single.value }
        let outcome = TaskOutcome(task)
        while !subscribed.value { await Task.yield() }
        task.cancel()
        guard let result = await outcome.wait() else { return XCTFail("the awaiting task did not end") }
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertTrue(disposed.value)
    }

    func testATaskCancelledBeforeAwaitingASingleThrowsCancellationError() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Single<Int>.never().value
        }
        guard let result = await TaskOutcome(task).wait() else { return XCTFail("the awaiting task did not end") }
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testAsyncSingleCreateSendsTheResultOfItsWork() async throws {
        let baseline = Resources.total
        let value = try await Single<Int>.create(priority: .high) { 21 * 2 }.value
        XCTAssertEqual(value, 42)
        do {
            _ = try await Single<Int>.create(detached: true) { throw TestError.boom }.value
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
        await settleResources(to: baseline)
    }

    func testDisposingAnAsyncSingleCreateCancelsItsWork() async {
        let baseline = Resources.total
        do {
            let started = DisposedFlag()
            let cancelled = DisposedFlag()
            let single = Single<Int>.create {
                started.set()
                while !Task.isCancelled { await Task.yield() }
                cancelled.set()
                return 0
            }
            var events: [SingleEvent<Int>] = []
            let subscription = single.subscribe { events.append($0) }
            let deadline = Date().addingTimeInterval(5)
            while !started.value && Date() < deadline { await Task.yield() }
            subscription.dispose()
            while !cancelled.value && Date() < deadline { await Task.yield() }
            XCTAssertTrue(cancelled.value, "disposing cancels the task")
            XCTAssertTrue(events.isEmpty)
        }
        await settleResources(to: baseline)
    }

    // MARK: Maybe

    func testMaybeValueIsTheValueNilOrThrowsTheError() async throws {
        let value = try await Maybe.just(1).value
        XCTAssertEqual(value, 1)
        let none = try await Maybe<Int>.empty().value
        XCTAssertNil(none)
        do {
            _ = try await Maybe<Int>.error(TestError.boom).value
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testCancellingTheTaskAwaitingAMaybeThrowsCancellationError() async {
        let subscribed = DisposedFlag()
        let maybe = Maybe<Int>.never().do(onSubscribed: { subscribed.set() })
        let task = Task { try await maybe.value }
        let outcome = TaskOutcome(task)
        while !subscribed.value { await Task.yield() }
        task.cancel()
        guard let result = await outcome.wait() else { return XCTFail("the awaiting task did not end") }
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    // MARK: Completable

    func testCompletableValueReturnsOnCompletionOrThrowsTheError() async throws {
        try await Completable.empty().value
        do {
            try await Completable.error(TestError.boom).value
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testCancellingTheTaskAwaitingACompletableThrowsCancellationError() async {
        let subscribed = DisposedFlag()
        let completable = Completable.never().do(onSubscribed: { subscribed.set() })
        let task = Task { try await completable.value }
        let outcome = TaskOutcome(task)
        while !subscribed.value { await Task.yield() }
        task.cancel()
        guard let result = await outcome.wait() else { return XCTFail("the awaiting task did not end") }
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }
}
