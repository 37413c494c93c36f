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

    func testRecordedElements() {
        let events: [Recorded<Event<Int>>] = [.next(1, 1), .next(2, 2), .completed(3)]
        XCTAssertEqual(captureAssertionFailures { XCTAssertRecordedElements(events, [1, 2]) }, [])
        XCTAssertEqual(captureAssertionFailures { XCTAssertRecordedElements(events, [1]) }.count, 1)
    }
}
