import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `Future` as Combine documents it: the promise resolves the future once (later calls are
/// ignored, even from several threads at once), every subscriber gets the result, and `value`
/// awaits it.
final class CombineFutureTests: RealTimeTestCase {
    func testThePromiseResolvesOnceLaterCallsAreIgnored() {
        var promise: Future<Int, TestFailure>.Promise?
        let future = Future<Int, TestFailure> { promise = $0 }
        let early = CombineRecorder(future)
        promise?(.success(1))
        promise?(.success(2))
        promise?(.failure(.boom))
        let late = CombineRecorder(future)
        XCTAssertEqual(early.events, [.value(1), .completion(.finished)])
        XCTAssertEqual(late.events, [.value(1), .completion(.finished)])
    }

    func testAFailureFirstWinsToo() {
        var promise: Future<Int, TestFailure>.Promise?
        let future = Future<Int, TestFailure> { promise = $0 }
        promise?(.failure(.other))
        promise?(.success(3))
        XCTAssertEqual(CombineRecorder(future).events, [.completion(.failure(.other))])
    }

    func testConcurrentPromisesResolveWithExactlyOneResult() {
        for _ in 0..<200 {
            var promise: Future<Int, Never>.Promise?
            let future = Future<Int, Never> { promise = $0 }
            let recorder = LockedValues<String>()
            let cancellable = future.sink(
                receiveCompletion: { _ in recorder.append("finished") }, receiveValue: { recorder.append("\($0)") })
            let resolve = UncheckedSendableBox(promise)
            DispatchQueue.concurrentPerform(iterations: 4) { index in resolve.value?(.success(index)) }
            let events = recorder.all
            XCTAssertEqual(events.count, 2, "one value and the completion: \(events)")
            XCTAssertEqual(events.last, "finished")
            cancellable.cancel()
        }
    }

    func testAPromiseCalledAfterTheFutureWasReleasedDoesNothing() {
        var promise: Future<Int, Never>.Promise?
        weak var released: Future<Int, Never>?
        do {
            let future = Future<Int, Never> { promise = $0 }
            released = future
        }
        XCTAssertNil(released, "the promise does not keep the future")
        promise?(.success(1))
    }

    func testValueAwaitsTheResult() async throws {
        var promise: Future<String, Never>.Promise?
        let future = Future<String, Never> { promise = $0 }
        let resolve = UncheckedSendableBox(promise)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { resolve.value?(.success("done")) }
        let value = await future.value
        XCTAssertEqual(value, "done")
        let again = await future.value
        XCTAssertEqual(again, "done", "a resolved future answers at once")

        let failing = Future<Int, TestFailure> { $0(.failure(.boom)) }
        do {
            _ = try await failing.value
            XCTFail("the failure is thrown")
        } catch {
            XCTAssertEqual(error as? TestFailure, .boom)
        }
        let succeeding = Future<Int, TestFailure> { $0(.success(5)) }
        let five = try await succeeding.value
        XCTAssertEqual(five, 5)
    }

    func testAFutureHonoursASubscribersDemand() {
        let future = Future<Int, Never> { $0(.success(9)) }
        let subscriber = DemandingSubscriber<Int, Never>(initial: .none)
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [])
        XCTAssertEqual(subscriber.completions, [], "the completion waits behind the value")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [9])
        XCTAssertEqual(subscriber.completions, [.finished])
    }
}

/// Hands a non-Sendable value to another thread in a test that synchronises by itself.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: the tests that use it call the value in a controlled order.
    let value: Value

    init(_ value: Value) { self.value = value }
}
