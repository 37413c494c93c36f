import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class IgnoreElementsTests: RivuletTestCase {
    func testPassesOnlyTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.ignoreElements() }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testPassesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.ignoreElements() }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.ignoreElements() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReturnsAnObservableOfNever() {
        let ignored: Observable<Never> = Observable.of(1, 2).ignoreElements()
        var completed = false
        ignored.subscribe(onCompleted: { completed = true }).dispose()
        XCTAssertTrue(completed)
    }
}
