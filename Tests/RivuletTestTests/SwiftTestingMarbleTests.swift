import Rivulet
import RivuletTest
import Testing

/// The marble assertions from Swift Testing: passing ones record nothing, failing ones record
/// an issue at the caller's file, line and column.
@Suite struct SwiftTestingMarbleTests {
    @Test func passingAssertions() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.filter { $0 > 1 } }
        #expect(assertMarbles(res, "---b|", values: ["b": 2]))
        #expect(assertSubscriptions(xs, "^---!"))
    }

    @Test func failureIsRecordedAtTheCaller() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1)]
        let line = #line + 2
        withKnownIssue {
            assertMarbles(events, "--a", values: ["a": 1])
        } matching: { issue in
            issue.sourceLocation?.line == line
                // A `#column` default argument is the column of the call's opening parenthesis.
                && issue.sourceLocation?.column == 26
                && issue.sourceLocation?.fileID == #fileID
                && issue.comments.first?.rawValue.hasPrefix("marble diagrams differ at frame 1 (virtual time 210)")
                    == true
        }
    }

    @Test func subscriptionFailureIsRecordedAtTheCaller() {
        let line = #line + 2
        withKnownIssue {
            assertSubscriptions([Subscription(200)], "^-!")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.first?.rawValue.hasPrefix("subscriptions differ") == true
        }
    }

    @Test func malformedDiagramThrowsATypedError() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(throws: MarbleError(.unknownValue("z"), column: 2, diagram: "-z")) {
            try scheduler.createHotObservable("-z", values: ["a": 1])
        }
    }
}
