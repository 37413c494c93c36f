import Foundation
import Rivulet
import RivuletTest
import Testing

/// Counts the issues a `withKnownIssue` matcher sees (the matcher runs on any thread).
private final class IssueCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add() { lock.withLock { count += 1 } }
}

/// The marble assertions from Swift Testing: passing ones record nothing, failing ones record
/// one issue at the caller's file, line and column. The tests of failures expect their issue, so
/// Swift Testing lists it as a known issue; their names say so.
@Suite struct SwiftTestingMarbleTests {
    @Test func passingAssertions() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.filter { $0 > 1 } }
        let marblesPassed = assertMarbles(res, "---b|", values: ["b": 2])
        let subscriptionsPassed = assertSubscriptions(xs, "^---!")
        #expect(marblesPassed && subscriptionsPassed)
    }

    @Test("A failing marble assertion records exactly one issue, at the caller (expected: 1 known issue)")
    func failureIsRecordedOnceAtTheCaller() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1)]
        let issues = IssueCount()
        let line = #line + 2
        withKnownIssue {
            assertMarbles(events, "--a", values: ["a": 1])
        } matching: { issue in
            issues.add()
            return issue.sourceLocation?.line == line
                // A `#column` default argument is the column of the call's opening parenthesis.
                && issue.sourceLocation?.column == 26
                && issue.sourceLocation?.fileID == #fileID
                && issue.comments.first?.rawValue.hasPrefix("marble diagrams differ at frame 1 (virtual time 210)")
                    == true
        }
        #expect(issues.value == 1)
    }

    @Test("A failing subscription assertion records its issue at the caller (expected: 1 known issue)")
    func subscriptionFailureIsRecordedAtTheCaller() {
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
