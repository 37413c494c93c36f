import Foundation
import Rivulet
import TestSupport
import XCTest

private struct DescribedError: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}

private final class ReferenceError: Error, Equatable {
    let code: Int
    init(code: Int) { self.code = code }
    static func == (lhs: ReferenceError, rhs: ReferenceError) -> Bool { lhs.code == rhs.code }
}

final class EventTests: RivuletTestCase {
    func testNextEventsCompareTheirValues() {
        XCTAssertEqual(Event.next(1), Event<Int>.next(1))
        XCTAssertNotEqual(Event.next(1), Event<Int>.next(2))
    }

    func testCompletedEqualsCompleted() {
        XCTAssertEqual(Event<Int>.completed, Event<Int>.completed)
    }

    func testDifferentKindsAreNotEqual() {
        XCTAssertNotEqual(Event.next(1), Event<Int>.completed)
        XCTAssertNotEqual(Event<Int>.completed, Event<Int>.error(TestError.boom))
        XCTAssertNotEqual(Event.next(1), Event<Int>.error(TestError.boom))
    }

    func testEquatableErrorsCompareWithEquals() {
        XCTAssertEqual(Event<Int>.error(TestError.boom), Event<Int>.error(TestError.boom))
        XCTAssertEqual(Event<Int>.error(TestError.other(3)), Event<Int>.error(TestError.other(3)))
        XCTAssertNotEqual(Event<Int>.error(TestError.other(3)), Event<Int>.error(TestError.other(4)))
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), Event<Int>.error(TestError.other(0)))
    }

    func testEquatableErrorsWithTheSameDescriptionButDifferentValuesDiffer() {
        // `==` decides for an Equatable error, not the description.
        let first = ReferenceError(code: 1)
        let second = ReferenceError(code: 2)
        XCTAssertEqual(String(describing: first), String(describing: second))
        XCTAssertNotEqual(Event<Int>.error(first), Event<Int>.error(second))
        XCTAssertEqual(Event<Int>.error(first), Event<Int>.error(ReferenceError(code: 1)))
    }

    func testNonEquatableErrorsCompareByDescription() {
        XCTAssertEqual(Event<Int>.error(DescribedError(text: "a")), Event<Int>.error(DescribedError(text: "a")))
        XCTAssertNotEqual(Event<Int>.error(DescribedError(text: "a")), Event<Int>.error(DescribedError(text: "b")))
    }

    func testErrorsOfDifferentTypesDiffer() {
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), Event<Int>.error(DescribedError(text: "boom")))
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), Event<Int>.error(RxError.unknown))
    }

    func testErrorsAreEqualFunction() {
        XCTAssertTrue(errorsAreEqual(TestError.boom, TestError.boom))
        XCTAssertFalse(errorsAreEqual(TestError.boom, TestError.other(1)))
        XCTAssertTrue(errorsAreEqual(RxError.timeout, RxError.timeout))
        XCTAssertFalse(errorsAreEqual(RxError.timeout, RxError.overflow))
    }

    func testIsStopEvent() {
        XCTAssertFalse(Event.next(1).isStopEvent)
        XCTAssertTrue(Event<Int>.completed.isStopEvent)
        XCTAssertTrue(Event<Int>.error(TestError.boom).isStopEvent)
    }

    func testElement() {
        XCTAssertEqual(Event.next(7).element, 7)
        XCTAssertNil(Event<Int>.completed.element)
        XCTAssertNil(Event<Int>.error(TestError.boom).element)
    }

    func testError() {
        XCTAssertNil(Event.next(7).error)
        XCTAssertNil(Event<Int>.completed.error)
        XCTAssertEqual(Event<Int>.error(TestError.boom).error as? TestError, .boom)
    }

    func testIsCompleted() {
        XCTAssertFalse(Event.next(7).isCompleted)
        XCTAssertTrue(Event<Int>.completed.isCompleted)
        XCTAssertFalse(Event<Int>.error(TestError.boom).isCompleted)
    }

    func testMapTransformsValues() {
        XCTAssertEqual(Event.next(2).map { $0 * 10 }, .next(20))
        XCTAssertEqual(Event.next(2).map { String($0) }, .next("2"))
    }

    func testMapPassesTerminalEventsThrough() {
        XCTAssertEqual(Event<Int>.completed.map { $0 * 10 }, .completed)
        XCTAssertEqual(Event<Int>.error(TestError.boom).map { $0 * 10 }, .error(TestError.boom))
    }

    func testMapTurnsAThrowIntoAnError() {
        let mapped: Event<Int> = Event.next(2).map { _ in throw TestError.other(2) }
        XCTAssertEqual(mapped, .error(TestError.other(2)))
    }

    func testDebugDescription() {
        XCTAssertEqual(Event.next(1).debugDescription, "next(1)")
        XCTAssertEqual(Event<Int>.completed.debugDescription, "completed")
        XCTAssertEqual(Event<Int>.error(TestError.boom).debugDescription, "error(boom)")
    }
}
