// swift-format-ignore-file
// This file mirrors the code samples of a guide line for line (DocsSamplesTests compares them),
// so it keeps the layout the guide shows.
// The code samples of docs/testing.md, compiled and run. The code between `// docs: <title>` and
// `// end docs` (regions with one title are joined) is what the guide shows under
// `<!-- tested: <title> -->`; Tests/RivuletTests/DocsSamplesTests.swift checks that they agree.
// docs: testing, MapTests
import Rivulet
import RivuletTest
import XCTest
// end docs
// docs: testing, Swift Testing
import Testing
// end docs

// docs: testing, MapTests
final class MapTests: LeakCheckingTestCase {
    func testMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
        ])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
// end docs

final class TestingGuideSamplesTests: LeakCheckingTestCase {
    // docs: testing, map marbles
    func testMapMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("--a--^--b--c--|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.map { $0 * 10 } }
        assertMarbles(res, "---B--C--|", values: ["B": 20, "C": 30])
        assertSubscriptions(xs, "^--------!")
    }
    // end docs

    // docs: testing, debounce marbles
    func testDebounceMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b|")
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "-----(b|)")   // completion sends the pending value at once
        assertSubscriptions(xs, "^----!")
    }
    // end docs

    func testFrameZeroTable() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = try scheduler.createHotObservable("--a--^--b--c--|")
        XCTAssertEqual(hot.recordedEvents, [.next(170, "a"), .next(230, "b"), .next(260, "c"), .completed(290)])
        let cold = try scheduler.createColdObservable("-a-(b|)")
        let res = scheduler.start { cold }
        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(230)])
        XCTAssertEqual(try Marbles.subscription("^--------!"), Subscription(200, 290))
    }

    /// The samples' assertions really run: a wrong expectation fails.
    func testTheSampleAssertionsCanFail() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("^-a-b|")
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        let failures = captureAssertionFailures { assertMarbles(res, "-----b|") }
        XCTAssertEqual(failures.count, 1)
    }
}

// docs: testing, Swift Testing
@Test func mapMarbles() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
    let res = scheduler.start { xs.filter { $0 > 1 } }
    assertMarbles(res, "---b|", values: ["b": 2])
    assertSubscriptions(xs, "^---!")
}
// end docs
