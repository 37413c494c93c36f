import Rivulet
import RivuletTest
import XCTest

final class XCTAssertEqualTests: LeakCheckingTestCase {
    func testEqualArraysDoNotFail() {
        let failures = captureAssertionFailures {
            XCTAssertEqual([Recorded<Event<Int>>.next(1, 1)], [.next(1, 1)])
            XCTAssertEqual([Event<Int>.completed], [.completed])
        }
        XCTAssertEqual(failures, [])
    }

    func testRecordedDifferenceIsReadableAndReportedAtTheCaller() {
        let line: UInt = #line + 2
        let failures = captureAssertionFailures {
            XCTAssertEqual(
                [Recorded<Event<Int>>.next(210, 1), .next(220, 2), .completed(300)],
                [.next(210, 1), .next(220, 3)])
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
        XCTAssertEqual(
            failures.first?.message,
            """
            XCTAssertEqual failed: recorded events differ (first at index 1)
                lhs             | rhs
              0 next(1) @ 210   | next(1) @ 210
            ✗ 1 next(2) @ 220   | next(3) @ 220
            ✗ 2 completed @ 300 | —
            """)
    }

    func testEventDifference() {
        let failures = captureAssertionFailures {
            XCTAssertEqual([Event<Int>.next(1)], [.next(1), .error(TestError.boom)])
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                XCTAssertEqual failed: events differ (first at index 1)
                    lhs     | rhs
                  0 next(1) | next(1)
                ✗ 1 —       | error(boom)
                """
            ])
    }

    func testRecordedElementsComparesTheValuesTimesAside() {
        let events: [Recorded<Event<Int>>] = [.next(1, 1), .next(2, 2)]
        XCTAssertEqual(captureAssertionFailures { XCTAssertRecordedElements(events, [1, 2]) }, [])
        XCTAssertEqual(captureAssertionFailures { XCTAssertRecordedElements(events, [1]) }.count, 1)
    }

    func testRecordedElementsFailsOnAStopEventAsRxTestDoes() {
        let events: [Recorded<Event<Int>>] = [.next(1, 1), .next(2, 2), .completed(3)]
        XCTAssertEqual(
            captureAssertionFailures { XCTAssertRecordedElements(events, [1, 2]) }.map(\.message),
            ["XCTAssertRecordedElements failed: a stop event was recorded: completed @ 3"])
    }

    func testRecordedCompletedAndErrorTakeTheElementTypeAsRxTestDoes() {
        let completed = Recorded.completed(300, Int.self)
        let failed = Recorded.error(300, TestError.boom, String.self)
        XCTAssertEqual([completed], [Recorded<Event<Int>>(time: 300, value: .completed)])
        XCTAssertEqual([failed], [Recorded<Event<String>>(time: 300, value: .error(TestError.boom))])
        XCTAssertEqual(
            captureAssertionFailures { XCTAssertEqual([completed], [.completed(301)]) }.count, 1)
    }

    func testSingleEventArraysCompareValuesAndErrors() {
        let events: [SingleEvent<Int>] = [.success(1), .failure(TestError.boom)]
        XCTAssertEqual(
            captureAssertionFailures { XCTAssertEqual(events, [.success(1), .failure(TestError.boom)]) }, [])
        XCTAssertEqual(
            captureAssertionFailures { XCTAssertEqual(events, [.success(2), .failure(TestError.boom)]) }
                .map(\.message),
            [
                """
                XCTAssertEqual failed: events differ (first at index 0)
                    lhs           | rhs
                ✗ 0 success(1)    | success(2)
                  1 failure(boom) | failure(boom)
                """
            ])
        XCTAssertEqual(captureAssertionFailures { XCTAssertEqual(events, [.success(1)]) }.count, 1)
    }

    func testMaybeAndCompletableEventArraysCompare() {
        let maybe: [MaybeEvent<Int>] = [.success(1), .completed]
        XCTAssertEqual(captureAssertionFailures { XCTAssertEqual(maybe, [.success(1), .completed]) }, [])
        XCTAssertEqual(captureAssertionFailures { XCTAssertEqual(maybe, [.completed]) }.count, 1)
        let completable: [CompletableEvent] = [.completed]
        XCTAssertEqual(captureAssertionFailures { XCTAssertEqual(completable, [.completed]) }, [])
        XCTAssertEqual(captureAssertionFailures { XCTAssertEqual(completable, [.error(TestError.boom)]) }.count, 1)
    }
}
