import Rivulet
import RivuletTest
import XCTest

final class MarbleErrorTests: LeakCheckingTestCase {
    private let values = ["a": 1, "b": 2]

    private func assertEventError(
        _ diagram: String, kind: Marbles.DiagramKind = .result, _ reason: MarbleError.Reason, column: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let events = try Marbles.events(diagram, kind: kind, values: values)
            XCTFail("parsed as \(events)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, MarbleError(reason, column: column, diagram: diagram), file: file, line: line)
        }
    }

    private func assertSubscriptionError(
        _ diagram: String, _ reason: MarbleError.Reason, column: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let subscription = try Marbles.subscription(diagram)
            XCTFail("parsed as \(subscription)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, MarbleError(reason, column: column, diagram: diagram), file: file, line: line)
        }
    }

    func testUnclosedGroupNamesTheOpeningColumn() {
        assertEventError("--(ab--|", .unclosedGroup, column: 3)
        assertSubscriptionError("^-(!", .unclosedGroup, column: 3)
    }

    func testUnmatchedGroupClose() {
        assertEventError("-a)-|", .unmatchedGroupClose, column: 3)
        assertSubscriptionError("^)", .unmatchedGroupClose, column: 2)
    }

    func testNestedGroup() {
        assertEventError("(a(b))", .nestedGroup, column: 3)
        assertSubscriptionError("((^))", .nestedGroup, column: 2)
    }

    func testUnknownValueKey() {
        assertEventError("--a--x--|", .unknownValue("x"), column: 6)
    }

    func testTwoTerminalEvents() {
        assertEventError("-a-|-#", .eventAfterTerminal, column: 6)
        assertEventError("(|#)", .eventAfterTerminal, column: 3)
    }

    func testValueAfterTerminal() {
        assertEventError("-#-a", .eventAfterTerminal, column: 4)
    }

    func testSubscriptionPointInColdDiagram() {
        assertEventError("-a-^-b", kind: .cold, .subscriptionPointInColdDiagram, column: 4)
    }

    func testSubscriptionPointInResultDiagram() {
        assertEventError("^-a", .subscriptionPointInResultDiagram, column: 1)
    }

    func testSubscriptionPointTwice() {
        assertEventError("-^-a-^-b", kind: .hot, .duplicateSubscriptionPoint, column: 6)
        assertSubscriptionError("^-^-!", .duplicateSubscriptionPoint, column: 3)
    }

    func testUnexpectedCharacters() {
        assertEventError("-a-!", .unexpectedCharacter("!"), column: 4)
        assertEventError("-a-*", kind: .hot, .unexpectedCharacter("*"), column: 4)
        assertSubscriptionError("^-a-!", .unexpectedCharacter("a"), column: 3)
    }

    func testSubscriptionDiagramProblems() {
        assertSubscriptionError("----", .missingSubscriptionPoint, column: 5)
        assertSubscriptionError("", .missingSubscriptionPoint, column: 1)
        assertSubscriptionError("-!-^", .unsubscriptionBeforeSubscription, column: 2)
        assertSubscriptionError("^-!-!", .duplicateUnsubscription, column: 5)
    }

    func testTimeProgressionThatIsNotWholeTicks() {
        assertEventError("a 1.5s b", .timeProgressionNotWholeTicks("1.5s", resolution: 1), column: 3)
        assertEventError(" 10ms a", .timeProgressionNotWholeTicks("10ms", resolution: 1), column: 2)
    }

    func testATimeProgressionThatDoesNotFitSuggestsAResolutionThatDoes() {
        let tenths = MarbleError(.timeProgressionNotWholeTicks("1.5s", resolution: 1), column: 3, diagram: "a 1.5s b")
        XCTAssertTrue(tenths.description.contains("`resolution: 0.1`"), tenths.description)
        let milliseconds = MarbleError(
            .timeProgressionNotWholeTicks("100ms", resolution: 1), column: 4, diagram: "-a 100ms b")
        XCTAssertTrue(milliseconds.description.contains("`resolution: 0.1`"), milliseconds.description)
        let odd = MarbleError(.timeProgressionNotWholeTicks("7ms", resolution: 0.01), column: 1, diagram: "7ms a")
        XCTAssertTrue(odd.description.contains("`resolution: 0.001`"), odd.description)
        // With a scheduler in milliseconds the same diagram parses.
        XCTAssertEqual(
            try Marbles.events("-a 100ms b", kind: .result, values: values, resolution: 0.1).map(\.time),
            [210, 221])
    }

    func testATimeProgressionWithoutSpacesIsNamedInsteadOfItsDigits() {
        assertEventError("--a--100ms-b", .timeProgressionNeedsSpaces("100ms"), column: 6)
        assertEventError("-a-1.5s", .timeProgressionNeedsSpaces("1.5s"), column: 4)
        // Digits that are values stay values; digits not followed by a unit stay unknown values.
        XCTAssertEqual(try Marbles.events("-1-", kind: .result, values: ["1": 1]).count, 1)
        assertEventError("-a-12-", .unknownValue("1"), column: 4)
        let error = MarbleError(.timeProgressionNeedsSpaces("100ms"), column: 6, diagram: "--a--100ms-b")
        XCTAssertTrue(error.description.contains("needs a space before and after it"), error.description)
    }

    func testSchedulerFactoriesThrowTheSameErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertThrowsError(try scheduler.createColdObservable("-^-a", values: ["a": 1])) { error in
            XCTAssertEqual(
                error as? MarbleError, MarbleError(.subscriptionPointInColdDiagram, column: 2, diagram: "-^-a"))
        }
        XCTAssertThrowsError(try scheduler.createHotObservable("-a-(b", values: ["a": 1, "b": 2])) { error in
            XCTAssertEqual(error as? MarbleError, MarbleError(.unclosedGroup, column: 4, diagram: "-a-(b"))
        }
        XCTAssertThrowsError(try scheduler.createHotObservable("-a-#-|")) { error in
            XCTAssertEqual((error as? MarbleError)?.column, 6)
        }
    }

    func testDescriptionPointsAtTheColumn() {
        let error = MarbleError(.unknownValue("x"), column: 6, diagram: "--a--x--|")
        XCTAssertEqual(
            error.description,
            """
            MarbleError: unknown value key 'x' (not in `values`) at column 6
              --a--x--|
                   ^
            """)
    }
}
