import Rivulet
import RivuletTest
import XCTest

final class RecordedTests: LeakCheckingTestCase {
    func testStaticHelpers() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.boom), .completed(230)]
        XCTAssertEqual(events.map(\.time), [210, 220, 230])
        XCTAssertEqual(events.map(\.value), [.next(1), .error(TestError.boom), .completed])
        XCTAssertEqual(Recorded.events(.next(1, "a"), .completed(2)), [.next(1, "a"), .completed(2)])
    }

    func testFreeFunctionSpelling() {
        let events = [next(210, 1), error(220, TestError.boom), completed(230)]
        XCTAssertEqual(events, [.next(210, 1), .error(220, TestError.boom), .completed(230)])
        let typed = completed(5, String.self)
        XCTAssertEqual(typed, Recorded<Event<String>>.completed(5))
    }

    func testEqualityComparesTimeAndEvent() {
        XCTAssertEqual(Recorded(time: 1, value: 5), Recorded(time: 1, value: 5))
        XCTAssertNotEqual(Recorded<Event<Int>>.next(1, 5), .next(2, 5))
        XCTAssertNotEqual(Recorded<Event<Int>>.next(1, 5), .next(1, 6))
        XCTAssertNotEqual(Recorded<Event<Int>>.error(1, TestError.boom), .error(1, TestError.other))
        XCTAssertNotEqual(Recorded<Event<Int>>.completed(1), .next(1, 6))
    }

    func testDescription() {
        XCTAssertEqual(Recorded<Event<Int>>.next(210, 1).debugDescription, "next(1) @ 210")
        XCTAssertEqual(Recorded<Event<Int>>.completed(300).debugDescription, "completed @ 300")
    }

    func testSubscription() {
        XCTAssertEqual(Subscription(200).unsubscribe, Int.max)
        XCTAssertEqual(Subscription(200, 300), Subscription(200, 300))
        XCTAssertNotEqual(Subscription(200), Subscription(200, 300))
        XCTAssertEqual(Set([Subscription(1, 2), Subscription(1, 2), Subscription(1)]).count, 2)
        XCTAssertEqual(Subscription(200, 300).debugDescription, "(200, 300)")
        XCTAssertEqual(Subscription(200).debugDescription, "(200, ∞)")
    }
}
