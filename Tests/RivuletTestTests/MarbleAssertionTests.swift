import Rivulet
import RivuletTest
import XCTest

final class MarbleAssertionTests: LeakCheckingTestCase {
    func testPassingAssertionsReportNothing() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.map { $0 * 10 } }
        let failures = captureAssertionFailures {
            XCTAssertTrue(assertMarbles(res, "--B-C-|", values: ["B": 20, "C": 30]))
            XCTAssertTrue(assertMarbles(res.events, "--B-C-|", values: ["B": 20, "C": 30]))
            XCTAssertTrue(assertSubscriptions(xs, "^-----!"))
            XCTAssertTrue(assertSubscriptions(xs.subscriptions, ["^-----!"]))
        }
        XCTAssertEqual(failures, [])
    }

    func testDeliberatelyFailingAssertionShowsAlignedDiagrams() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a--b--c--|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.map { $0 == 2 ? 20 : $0 } }
        let line: UInt = #line + 2
        let failures = captureAssertionFailures {
            assertMarbles(res, "--a--b--c--|", values: ["a": 1, "b": 2, "c": 3])
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.fileID, #fileID)
        XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
        XCTAssertEqual(
            failures.first?.message,
            """
            marble diagrams differ at frame 5 (virtual time 250)
            expected: --a--b--c--|
            actual:   --a--A--c--|
                           ^
            expected: next(2) @ 250
            actual:   next(20) @ 250
            values not in the dictionary: A = 20
            """)
    }

    func testMissingAndExtraEvents() {
        let failures = captureAssertionFailures {
            assertMarbles([Recorded<Event<Int>>.next(210, 1)], "-a--|", values: ["a": 1])
            assertMarbles([Recorded<Event<Int>>.next(210, 1), .error(220, TestError.boom)], "-a", values: ["a": 1])
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                marble diagrams differ at frame 4 (virtual time 240)
                expected: -a--|
                actual:   -a
                              ^
                expected: completed @ 240
                actual:   nothing more
                """,
                """
                marble diagrams differ at frame 2 (virtual time 220)
                expected: -a
                actual:   -a#
                            ^
                expected: nothing more
                actual:   error(boom) @ 220
                """,
            ])
    }

    func testDifferentErrorsAtTheSameFrame() {
        let failures = captureAssertionFailures {
            assertMarbles(
                [Recorded<Event<Int>>.error(230, TestError.other)], "---#", values: [:], error: TestError.boom)
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                marble diagrams differ at frame 3 (virtual time 230)
                expected: ---#
                actual:   ---#
                             ^
                expected: error(boom) @ 230
                actual:   error(other) @ 230
                """
            ])
    }

    func testLongStreamNamesTheFirstDifferingFrame() {
        var actual: [Recorded<Event<String>>] = (0..<40).map { .next(200 + 20 * $0, "x") }
        actual[33] = .next(200 + 20 * 33 + 3, "x")
        let expectedDiagram = String(repeating: "x-", count: 40)
        let failures = captureAssertionFailures { assertMarbles(actual, expectedDiagram) }
        XCTAssertEqual(failures.count, 1)
        let lines = failures.first?.message.components(separatedBy: "\n") ?? []
        XCTAssertEqual(lines.first, "marble diagrams differ at frame 66 (virtual time 860)")
        XCTAssertEqual(lines.dropFirst(4), ["expected: next(x) @ 860", "actual:   next(x) @ 863"])
        // The caret sits under column 66 of both diagrams.
        XCTAssertEqual(lines.count > 3 ? lines[3] : "", String(repeating: " ", count: 10 + 66) + "^")
    }

    func testActualThatCannotBeDrawnIsListed() {
        let failures = captureAssertionFailures {
            assertMarbles([Recorded<Event<Int>>.next(200, 1), .next(201, 2)], "a-b", values: ["a": 1, "b": 2])
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                marble diagrams differ at frame 0 + 1 tick (virtual time 201)
                expected: a-b
                actual:   (cannot be drawn as a diagram)
                expected: next(2) @ 220
                actual:   next(2) @ 201
                actual events: [next(1) @ 200, next(2) @ 201]
                """
            ])
    }

    func testMalformedExpectedDiagramIsAFailureNotACrash() {
        let failures = captureAssertionFailures {
            assertMarbles([Recorded<Event<Int>>](), "-a-(b", values: ["a": 1, "b": 2])
            assertSubscriptions([], "--!")
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                invalid expected diagram: MarbleError: group '(' is never closed at column 4
                  -a-(b
                     ^
                """,
                """
                invalid subscription diagram: MarbleError: '!' before '^' at column 3
                  --!
                    ^
                """,
            ])
    }

    func testSubscriptionMismatchShowsBothSides() {
        let failures = captureAssertionFailures {
            assertSubscriptions([Subscription(200, 230), Subscription(205)], ["^-----!", "---^--!"])
            assertSubscriptions([], ["^-!"])
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                subscriptions differ
                expected: ^-----!
                          ---^--!
                actual:   ^--!
                          5s ^
                expected: [(200, 260), (230, 260)]
                actual:   [(200, 230), (205, ∞)]
                """,
                """
                subscriptions differ
                expected: ^-!
                actual:   (no subscriptions)
                expected: [(200, 220)]
                actual:   []
                """,
            ])
    }

    func testStringValuesWithoutDictionary() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b-|")
        let res = scheduler.start { xs.map { $0.uppercased() } }
        XCTAssertEqual(captureAssertionFailures { assertMarbles(res, "-A-B-|") }, [])
        XCTAssertEqual(captureAssertionFailures { assertSubscriptions(xs, "^----!") }, [])
    }

    func testCustomOrigin() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-|", values: ["a": 1], origin: 500)
        let res = scheduler.start(created: 400, subscribed: 500, disposed: 1000) { xs }
        XCTAssertEqual(
            captureAssertionFailures {
                assertMarbles(res, "--a-|", values: ["a": 1], origin: 500)
                assertSubscriptions(xs, "^---!", origin: 500)
            }, [])
    }
}
