import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ElementAtTests: RivuletTestCase {
    func testTheValueAtTheIndexEndsTheSubscription() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-|")
        let res = scheduler.start { xs.element(at: 1) }
        assertMarbles(res, "---(b|)")
        assertSubscriptions(xs, "^--!")
    }

    func testCompletingFirstIsOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.element(at: 3) }.events, [.error(250, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testNegativeIndexFailsWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        XCTAssertEqual(scheduler.start { xs.element(at: -1) }.events, [.error(200, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.element(at: 2) }.events, [.error(230, TestError.boom)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(other.start(disposed: 250) { ys.element(at: 1) }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testStopsAnInfiniteSynchronousSource() {
        var values: [Int] = []
        _ = Observable.from(sequence(first: 0) { $0 + 1 }).element(at: 5).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [5])
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        var values: [Int] = []
        _ = Observable.of(1, 2).elementAt(0).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [1])
    }
}
