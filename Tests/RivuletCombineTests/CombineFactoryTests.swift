import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineFactoryTests: RivuletTestCase {
    func testJust() {
        let recorder = CombineRecorder(Just(7))
        XCTAssertEqual(recorder.events, [.value(7), .completion(.finished)])
        XCTAssertEqual(Just(7).output, 7)
    }

    func testEmpty() {
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>()).events, [.completion(.finished)])
        let never = CombineRecorder(Empty<Int, Never>(completeImmediately: false))
        XCTAssertEqual(never.events, [])
        let typed = Empty(completeImmediately: true, outputType: String.self, failureType: TestFailure.self)
        XCTAssertEqual(CombineRecorder(typed).events, [.completion(.finished)])
    }

    func testFail() {
        XCTAssertEqual(CombineRecorder(Fail<Int, TestFailure>(error: .boom)).events, [.completion(.failure(.boom))])
        let typed = Fail(outputType: Int.self, failure: TestFailure.other)
        XCTAssertEqual(CombineRecorder(typed).events, [.completion(.failure(.other))])
    }

    func testDeferredCreatesPerSubscriber() {
        var created = 0
        let deferred = Deferred { () -> Just<Int> in
            created += 1
            return Just(created)
        }
        XCTAssertEqual(created, 0)
        XCTAssertEqual(CombineRecorder(deferred).values, [1])
        XCTAssertEqual(CombineRecorder(deferred).values, [2])
        XCTAssertEqual(created, 2)
    }

    func testFutureRunsOnceAndReplays() {
        var runs = 0
        var fulfill: Future<Int, TestFailure>.Promise?
        let future = Future<Int, TestFailure> { promise in
            runs += 1
            fulfill = promise
        }
        let early = CombineRecorder(future)
        XCTAssertEqual(early.events, [])
        fulfill?(.success(42))
        fulfill?(.success(43))
        let late = CombineRecorder(future)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(early.events, [.value(42), .completion(.finished)])
        XCTAssertEqual(late.events, [.value(42), .completion(.finished)])
    }

    func testFutureFailure() {
        let future = Future<Int, TestFailure> { promise in promise(.failure(.boom)) }
        XCTAssertEqual(CombineRecorder(future).events, [.completion(.failure(.boom))])
        XCTAssertEqual(CombineRecorder(future).events, [.completion(.failure(.boom))])
    }

    func testCancelledFutureSubscriberReceivesNothing() {
        var fulfill: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfill = $0 }
        var received: [Int] = []
        let cancellable = future.sink { received.append($0) }
        cancellable.cancel()
        fulfill?(.success(1))
        XCTAssertEqual(received, [])
    }
}
