import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// `timeout(_:scheduler:options:customError:)`: Combine finishes on a time-out unless a custom
/// error is given.
final class CombineTimeoutTests: RivuletTestCase {
    func testATimeOutFinishesAndCancelsTheUpstream() {
        let scheduler = CombineTestScheduler()
        let probe = ProbePublisher<Int, TestFailure>()
        let timed: Publishers.Timeout<ProbePublisher<Int, TestFailure>, CombineTestScheduler> =
            probe.timeout(.milliseconds(100), scheduler: scheduler)
        let recorder = CombineRecorder(timed)
        scheduler.advance(by: .milliseconds(60))
        probe.send(1)
        scheduler.advance(by: .milliseconds(60))
        probe.send(2)
        scheduler.advance(by: .nanoseconds(0))  // values are handed over on the scheduler
        XCTAssertEqual(recorder.events, [.value(1), .value(2)], "each value restarts the wait")
        scheduler.advance(by: .milliseconds(100))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)
    }

    func testATimeOutWithACustomErrorFails() {
        let scheduler = CombineTestScheduler()
        let probe = ProbePublisher<Int, TestFailure>()
        var made = 0
        let recorder = CombineRecorder(
            probe.timeout(.milliseconds(100), scheduler: scheduler) {
                made += 1
                return .other
            })
        XCTAssertEqual(made, 0, "the error is made when the time-out happens")
        scheduler.advance(by: .milliseconds(100))
        XCTAssertEqual(recorder.events, [.completion(.failure(.other))])
        XCTAssertEqual(made, 1)
        XCTAssertFalse(probe.isSubscribed)
    }

    func testTheUpstreamsOwnEndingWins() {
        let scheduler = CombineTestScheduler()
        let probe = ProbePublisher<Int, TestFailure>()
        let recorder = CombineRecorder(probe.timeout(.milliseconds(100), scheduler: scheduler) { .other })
        probe.send(1)
        probe.send(completion: .failure(.boom))
        scheduler.advance(by: .milliseconds(500))
        XCTAssertEqual(recorder.events, [.value(1), .completion(.failure(.boom))])
    }

    func testCancellingCancelsTheTimer() {
        let scheduler = CombineTestScheduler()
        let probe = ProbePublisher<Int, Never>()
        let recorder = CombineRecorder(probe.timeout(.milliseconds(100), scheduler: scheduler))
        recorder.cancellable?.cancel()
        scheduler.advance(by: .milliseconds(500))
        XCTAssertEqual(recorder.events, [])
        XCTAssertFalse(probe.isSubscribed)
    }
}
