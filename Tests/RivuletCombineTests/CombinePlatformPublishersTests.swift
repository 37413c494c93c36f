import TestSupport

#if !canImport(Combine)
    import Foundation
    import Rivulet
    import RivuletCombine
    import XCTest

    /// `Result.publisher`, `Optional.publisher` and `Timer.publish` (Linux only: on Apple
    /// platforms these are Combine's).
    final class CombinePlatformPublishersTests: RealTimeTestCase {
        func testResultPublisher() {
            let success: Result<Int, TestFailure>.Publisher = Result<Int, TestFailure>.success(1).publisher
            XCTAssertEqual(CombineRecorder(success).events, [.value(1), .completion(.finished)])
            XCTAssertEqual(success.result, .success(1))
            XCTAssertEqual(
                CombineRecorder(Result<Int, TestFailure>.failure(.boom).publisher).events,
                [.completion(.failure(.boom))])
            XCTAssertEqual(Result<Int, TestFailure>.Publisher(2), Result.Publisher(.success(2)))
            XCTAssertEqual(
                CombineRecorder(Result<Int, TestFailure>.Publisher(TestFailure.other)).events,
                [.completion(.failure(.other))])
        }

        func testOptionalPublisher() {
            let some: Optional<Int>.Publisher = Optional(3).publisher
            XCTAssertEqual(CombineRecorder(some).events, [.value(3), .completion(.finished)])
            XCTAssertEqual(CombineRecorder(Int?.none.publisher).events, [.completion(.finished)])
            XCTAssertEqual(some.output, 3)
            XCTAssertEqual(
                CombineRecorder([1, nil, 3].publisher.flatMap { $0.publisher }).values, [1, 3])
        }

        func testTimerPublishSendsDatesOnceConnected() {
            let timer = Timer.publish(every: 0.005, on: .current, in: .default)
            let recorder = CombineRecorder(timer.map { _ in 1 })
            turnRunLoop(until: { !recorder.values.isEmpty }, limit: 0.05)
            XCTAssertEqual(recorder.values, [], "nothing before connect()")
            let connection = timer.connect()
            turnRunLoop(until: { recorder.values.count >= 3 })
            XCTAssertGreaterThanOrEqual(recorder.values.count, 3)
            connection.cancel()
            let count = recorder.values.count
            turnRunLoop(until: { recorder.values.count > count }, limit: 0.05)
            XCTAssertEqual(recorder.values.count, count, "cancelling invalidates the timer")
        }

        func testAConnectedTimerFiresFirstAfterOneInterval() {
            let timer = Timer.publish(every: 3_600, on: .current, in: .default).autoconnect()
            var ticks = 0
            let cancellable = timer.sink { _ in ticks += 1 }
            turnRunLoop(until: { ticks > 0 }, limit: 0.05)
            XCTAssertEqual(ticks, 0, "as Combine's: the first tick comes one interval after the connection")
            cancellable.cancel()
        }

        func testAutoconnectedTimer() {
            var dates: [Date] = []
            var finished = false
            let cancellable = Timer.publish(every: 0.005, tolerance: 0.001, on: .current, in: .default)
                .autoconnect()
                .prefix(3)
                .sink(receiveCompletion: { _ in finished = true }, receiveValue: { dates.append($0) })
            turnRunLoop(until: { finished })
            XCTAssertEqual(dates.count, 3)
            XCTAssertEqual(dates, dates.sorted())
            cancellable.cancel()
        }
    }
#endif
