import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// `tryCatch`, `retry` and `assertNoFailure`.
final class CombineErrorHandlingTests: RivuletTestCase {
    private typealias Probe = ProbePublisher<Int, TestFailure>

    // MARK: tryCatch

    func testTryCatchReplacesAFailureWithThePublisherTheHandlerReturns() {
        let probe = Probe()
        let fallback = ProbePublisher<Int, TestFailure>()
        var handled: [TestFailure] = []
        let caught: Publishers.TryCatch<Probe, ProbePublisher<Int, TestFailure>> = probe.tryCatch { failure in
            handled.append(failure)
            return fallback
        }
        var events: [String] = []
        let cancellable = caught.sink(
            receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        probe.send(1)
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(handled, [.boom])
        XCTAssertFalse(probe.isSubscribed)
        XCTAssertTrue(fallback.isSubscribed)
        fallback.send(2)
        fallback.send(completion: .failure(.other))
        XCTAssertEqual(events, ["1", "2", "failure(other)"], "the replacement's failure is passed on as Error")
        _ = cancellable
    }

    func testTryCatchFailsWithWhatTheHandlerThrows() {
        let probe = Probe()
        var events: [String] = []
        let cancellable = probe.tryCatch { _ -> Just<Int> in throw TestError.other(7) }.sink(
            receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        probe.send(1)
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(events, ["1", "failure(other(7))"])
        _ = cancellable

        let finishing = Probe()
        var called = false
        let passed = CombineRecorder(
            finishing.tryCatch { _ -> Just<Int> in
                called = true
                return Just(0)
            }.mapError { _ in TestFailure.other })
        finishing.send(completion: .finished)
        XCTAssertEqual(passed.events, [.completion(.finished)])
        XCTAssertFalse(called, "a finish is not handled")
    }

    // MARK: retry

    func testRetryResubscribesUpToTheGivenNumberOfTimes() {
        var subscriptions = 0
        let failing = Deferred { () -> AnyPublisher<Int, TestFailure> in
            subscriptions += 1
            return Just(subscriptions).setFailureType(to: TestFailure.self).append(Fail(error: .boom))
                .eraseToAnyPublisher()
        }
        let retried: Publishers.Retry<Deferred<AnyPublisher<Int, TestFailure>>> = failing.retry(2)
        let recorder = CombineRecorder(retried.eraseToAnyPublisher())
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .completion(.failure(.boom))])
        XCTAssertEqual(subscriptions, 3, "retry(2) is the first attempt and two more")
        XCTAssertEqual(retried.retries, 2)

        subscriptions = 0
        XCTAssertEqual(CombineRecorder(failing.retry(0)).events, [.value(1), .completion(.failure(.boom))])
        subscriptions = 0
        XCTAssertEqual(CombineRecorder(failing.retry(-3)).events, [.value(1), .completion(.failure(.boom))])
    }

    func testRetryStopsResubscribingOnceTheUpstreamFinishes() {
        var attempts = 0
        let flaky = Deferred { () -> AnyPublisher<Int, TestFailure> in
            attempts += 1
            if attempts < 3 { return Fail(error: TestFailure.boom).eraseToAnyPublisher() }
            return Just(attempts).setFailureType(to: TestFailure.self).eraseToAnyPublisher()
        }
        XCTAssertEqual(CombineRecorder(flaky.retry(5)).events, [.value(3), .completion(.finished)])
        XCTAssertEqual(attempts, 3)

        attempts = 0
        let unlimited = Publishers.Retry(upstream: flaky, retries: nil)
        XCTAssertEqual(CombineRecorder(unlimited).events, [.value(3), .completion(.finished)])
    }

    func testRetryEndsEachFailedSubscriptionBeforeTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let res = scheduler.start { xs.asPublisher().retry(1).asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    func testCancellingARetryCancelsTheCurrentSubscription() {
        var probes: [Probe] = []
        let fresh = Deferred { () -> Probe in
            probes.append(Probe())
            return probes[probes.count - 1]
        }
        let recorder = CombineRecorder(fresh.retry(3))
        probes[0].send(1)
        probes[0].send(completion: .failure(.boom))
        XCTAssertEqual(probes.count, 2)
        XCTAssertFalse(probes[0].isSubscribed, "the failed subscription ended before the next")
        probes[1].send(2)
        recorder.cancellable?.cancel()
        XCTAssertFalse(probes[1].isSubscribed)
        XCTAssertEqual(probes.count, 2)
        XCTAssertEqual(recorder.events, [.value(1), .value(2)])
    }

    // MARK: assertNoFailure

    func testAssertNoFailurePassesValuesAndTheFinish() {
        let probe = Probe()
        let asserted: Publishers.AssertNoFailure<Probe> = probe.assertNoFailure()
        var events: [String] = []
        let errors = capturingUnhandledErrors {
            let cancellable = asserted.sink(
                receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
            probe.send(1)
            probe.send(completion: .finished)
            _ = cancellable
        }
        XCTAssertEqual(events, ["1", "finished"])
        XCTAssertTrue(errors.isEmpty)
    }

    func testAssertNoFailureReportsAFailureAndFinishesInsteadOfStopping() {
        let probe = Probe()
        var events: [String] = []
        let line: UInt = #line + 2
        let errors = capturingUnhandledErrors {
            let cancellable = probe.assertNoFailure("model: ").sink(
                receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
            probe.send(1)
            probe.send(completion: .failure(.boom))
            probe.send(2)
            _ = cancellable
        }
        XCTAssertEqual(events, ["1", "finished"])
        XCTAssertFalse(probe.isSubscribed)
        XCTAssertEqual(errors.count, 1)
        let report = errors.map { "\($0)" }.first ?? ""
        XCTAssertTrue(report.hasPrefix("model: boom"), report)
        XCTAssertTrue(report.hasSuffix("CombineErrorHandlingTests.swift:\(line))"), report)
    }
}
