import Rivulet
import RivuletTest
import XCTest

final class MarbleParserTests: LeakCheckingTestCase {
    private let values = ["a": 1, "b": 2, "c": 3]

    func testFrameIsTenTicksFromOrigin200() throws {
        XCTAssertEqual(Marbles.ticksPerFrame, 10)
        XCTAssertEqual(Marbles.defaultOrigin, 200)
        XCTAssertEqual(
            try Marbles.events("a-b--|", values: values),
            [.next(200, 1), .next(220, 2), .completed(250)])
    }

    func testErrorUsesTheGivenErrorOrTheDefault() throws {
        XCTAssertEqual(try Marbles.events("-a#", values: values), [.next(210, 1), .error(220, MarbleDefaultError())])
        XCTAssertEqual(
            try Marbles.events("-a#", values: values, error: TestError.boom),
            [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(MarbleDefaultError().description, "error")
    }

    func testGroupHappensAtItsOpeningFrameAndEveryCharacterTakesAFrame() throws {
        XCTAssertEqual(
            try Marbles.events("-(ab)-c(b|)", values: values),
            [.next(210, 1), .next(210, 2), .next(260, 3), .next(270, 2), .completed(270)])
        XCTAssertEqual(try Marbles.events("()a", values: values), [.next(220, 1)])
    }

    func testSpacesAreIgnored() throws {
        XCTAssertEqual(try Marbles.events("  a - b  |", values: values), try Marbles.events("a-b|", values: values))
    }

    func testTimeProgressionUsesTheResolution() throws {
        // Default resolution: 1 second per tick.
        XCTAssertEqual(try Marbles.events("a 5s b", values: values), [.next(200, 1), .next(215, 2)])
        XCTAssertEqual(try Marbles.events("2m a", values: values), [.next(320, 1)])
        // One millisecond per tick.
        XCTAssertEqual(
            try Marbles.events("100ms a 1.5s b", values: values, resolution: 0.001),
            [.next(300, 1), .next(1810, 2)])
        XCTAssertEqual(try Marbles.events("- 5s a", values: values, resolution: 0.5), [.next(220, 1)])
    }

    func testDigitsAreValuesUnlessTheyFormATimeProgressionBetweenSpaces() throws {
        let digits = ["1": 1, "5": 5, "s": 50]
        XCTAssertEqual(try Marbles.events("15s", values: digits), [])
        XCTAssertEqual(try Marbles.events("-15s", values: digits), [.next(210, 1), .next(220, 5), .next(230, 50)])
        XCTAssertEqual(
            try Marbles.events("a 1 5", values: ["a": 0, "1": 1, "5": 5]),
            [.next(200, 0), .next(210, 1), .next(220, 5)])
    }

    func testHotSubscriptionPointIsFrameZero() throws {
        XCTAssertEqual(
            try Marbles.events("--a--^--b--|", kind: .hot, values: values),
            [.next(170, 1), .next(230, 2), .completed(260)])
        XCTAssertEqual(
            try Marbles.events("a-^", kind: .hot, values: values, origin: 0),
            [.next(-20, 1)])
        XCTAssertEqual(try Marbles.events("--a", kind: .hot, values: values), [.next(220, 1)])
    }

    func testColdIsRelativeToSubscription() throws {
        XCTAssertEqual(
            try Marbles.events("a-b|", kind: .cold, values: values),
            [.next(0, 1), .next(20, 2), .completed(30)])
    }

    func testCharactersAreTheirOwnValuesWithoutADictionary() throws {
        XCTAssertEqual(
            try Marbles.events("-x(yZ)|"), [.next(210, "x"), .next(220, "y"), .next(220, "Z"), .completed(260)])
    }

    func testSubscriptionDiagrams() throws {
        XCTAssertEqual(try Marbles.subscription("^---!"), Subscription(200, 240))
        XCTAssertEqual(try Marbles.subscription("--^"), Subscription(220))
        XCTAssertEqual(try Marbles.subscription("-(^!)"), Subscription(210, 210))
        XCTAssertEqual(try Marbles.subscription(" ^ 5s !"), Subscription(200, 215))
        XCTAssertEqual(try Marbles.subscription("^-!", origin: 0), Subscription(0, 20))
    }

    func testSchedulerCreatesHotAndColdObservablesFromDiagrams() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = try scheduler.createHotObservable("--a--^--b--|", values: ["a": 1, "b": 2])
        XCTAssertEqual(hot.recordedEvents, [.next(170, 1), .next(230, 2), .completed(260)])
        let cold = try scheduler.createColdObservable("-a-#", values: ["a": 1], error: TestError.boom)
        XCTAssertEqual(cold.recordedEvents, [.next(10, 1), .error(30, TestError.boom)])
        let letters = try scheduler.createColdObservable("-x|")
        XCTAssertEqual(letters.recordedEvents, [.next(10, "x"), .completed(20)])
        let hotLetters = try scheduler.createHotObservable("^-x", origin: 300)
        XCTAssertEqual(hotLetters.recordedEvents, [.next(320, "x")])

        let res = scheduler.start { hot.asObservable() }
        XCTAssertEqual(res.events, [.next(230, 2), .completed(260)])
        assertMarbles(res, "---b--|", values: ["b": 2])
        assertSubscriptions(hot, "^-----!")
    }

    func testMarbleProgressionMatchesTheSchedulersResolution() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = try scheduler.createColdObservable("100ms a|", values: ["a": 1])
        XCTAssertEqual(xs.recordedEvents, [.next(100, 1), .completed(110)])
        let res = scheduler.start { xs.asObservable() }
        assertMarbles(res, "100ms a|", values: ["a": 1])
        assertSubscriptions(xs, "^ 100ms !")
    }
}
