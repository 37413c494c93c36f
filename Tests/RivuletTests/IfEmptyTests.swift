import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class IfEmptyTests: RivuletTestCase {
    func testDefaultIsSentWhenTheSourceCompletesEmpty() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-----|")
        let res = scheduler.start { xs.ifEmpty(default: "z") }
        assertMarbles(res, "-----(z|)")
        assertSubscriptions(xs, "^----!")
    }

    func testValuesPassUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.ifEmpty(default: 0) }.events, [.next(210, 1), .completed(250)])
    }

    func testErrorsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.ifEmpty(default: 0) }.events, [.error(230, TestError.boom)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([Recorded<Event<Int>>.completed(300)])
        XCTAssertEqual(other.start(disposed: 250) { ys.ifEmpty(default: 0) }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testSwitchToAnotherObservableWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(230)])
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(240, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testNoSwitchAfterAValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .completed(230)])
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        XCTAssertEqual(
            scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }.events, [.next(210, 5), .completed(230)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testSwitchDisposedWhileTheOtherRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        XCTAssertEqual(
            scheduler.start(disposed: 250) { xs.ifEmpty(switchTo: ys.asObservable()) }.events, [.next(220, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 250)])
    }

    func testMaybe() {
        var values: [Int] = []
        _ = Maybe<Int>.empty().ifEmpty(default: 3).subscribe(onSuccess: { values.append($0) })
        _ = Maybe.just(1).ifEmpty(default: 3).subscribe(onSuccess: { values.append($0) })
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(4)).subscribe(onSuccess: { values.append($0) })
        var events: [MaybeEvent<Int>] = []
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(5)).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe.empty()).subscribe { events.append($0) }
        XCTAssertEqual(values, [3, 1, 4])
        XCTAssertEqual(events, [.success(5), .completed])
    }
}
