import Rivulet
@testable import RivuletTest
import XCTest

/// `Resources` by kind and the message `LeakCheckingTestCase` fails a leaking test with.
final class LeakReportTests: LeakCheckingTestCase {
    func testIncrementAndDecrementTotalMoveTheTotalAndAreListedByKind() {
        #if DEBUG
            let start = Resources.total
            XCTAssertEqual(Resources.incrementTotal(), start + 1)
            XCTAssertEqual(Resources.totalByKind["incrementTotal()"], 1)
            XCTAssertEqual(Resources.decrementTotal(), start)
            XCTAssertNil(Resources.totalByKind["incrementTotal()"])
        #endif
    }

    func testALiveSubscriptionIsCountedUnderItsKindUntilItIsDisposed() {
        #if DEBUG
            let before = Resources.totalByKind
            do {
                let subject = PublishSubject<Int>()
                let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
                let during = Resources.totalByKind
                let added = during.filter { $0.value != before[$0.key, default: 0] }
                XCTAssertTrue(
                    added.keys.contains { $0.contains("Int") }, "kinds added by a map subscription: \(added)")
                let addedCount = added.reduce(Int32(0)) { $0 + $1.value - before[$1.key, default: 0] }
                XCTAssertEqual(addedCount, Resources.total - before.values.reduce(0, +))
                subscription.dispose()
            }
            XCTAssertEqual(Resources.totalByKind, before)
        #endif
    }

    func testADeliberateLeakIsReportedWithTheTestAndWhatIsStillAlive() {
        #if DEBUG
            let start = Resources.total
            let before = Resources.totalByKind
            do {
                let relay = BehaviorRelay(value: 1)
                let leaked = relay.asObservable().subscribe(onNext: { _ in })
                let report = LeakCheckingTestCase.leakReport(
                    test: "ViewModelTests.testSearch", leaked: Resources.total - start, before: before,
                    after: Resources.totalByKind)
                XCTAssertTrue(
                    report.hasPrefix("leak check: ViewModelTests.testSearch left \(Resources.total - start) sink(s)"),
                    report)
                for (kind, count) in Resources.totalByKind where count != before[kind, default: 0] {
                    XCTAssertTrue(report.contains("\(count - before[kind, default: 0]) \(kind)"), report)
                }
                leaked.dispose()
            }
            XCTAssertEqual(Resources.total, start)
        #endif
    }

    func testAReportOfNothingLeakedByKindStillGivesTheCount() {
        let report = LeakCheckingTestCase.leakReport(test: "T.test", leaked: 2, before: [:], after: [:])
        XCTAssertEqual(report, "leak check: T.test left 2 sink(s) or subscription(s) alive (Resources.total +2)")
        let tooMany = LeakCheckingTestCase.leakReport(test: "T.test", leaked: -1, before: ["A": 1], after: [:])
        XCTAssertEqual(tooMany, "leak check: T.test freed 1 more than it made (Resources.total -1): -1 A")
    }
}

/// Finding a test method's line for the leak report.
final class TestMethodLocationTests: LeakCheckingTestCase {
    func testTheNameFormsOfLinuxAndAppleXCTestAreSplit() {
        XCTAssertEqual(TestMethodLocation.parts(ofTestName: "ViewModelTests.testSearch")?.className, "ViewModelTests")
        XCTAssertEqual(TestMethodLocation.parts(ofTestName: "-[ViewModelTests testSearch]")?.method, "testSearch")
        XCTAssertEqual(
            TestMethodLocation.parts(ofTestName: "MyTests.ViewModelTests.testSearch")?.className, "ViewModelTests")
        XCTAssertNil(TestMethodLocation.parts(ofTestName: "testSearch"))
    }

    func testThisTestIsFoundAtItsOwnLine() {
        let line = #line - 1
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let found = TestMethodLocation.find(
            testName: "TestMethodLocationTests.testThisTestIsFoundAtItsOwnLine", under: tests)
        XCTAssertEqual(found, TestMethodLocation(filePath: #filePath, line: line))
        XCTAssertNil(TestMethodLocation.find(testName: "TestMethodLocationTests.testThatDoesNotExist", under: tests))
        // The method must belong to the named class.
        XCTAssertNil(TestMethodLocation.find(testName: "NoSuchSuite.testThisTestIsFoundAtItsOwnLine", under: tests))
    }
}
