// Written the way RxSwift's own test suite uses RxTest; only the imports differ. If this file
// stops compiling, RxTest source compatibility is broken.
import Rivulet
import RivuletTest
import XCTest

private let testError = NSError(domain: "dummyError", code: -232, userInfo: nil)

final class RxTestCompatibilityTests: LeakCheckingTestCase {
    func testMap_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1)
        ])
        let res = scheduler.start { xs.map { $0 * 2 } }
        let correctMessages: [Recorded<Event<Int>>] = []
        let correctSubscriptions = [
            Subscription(200, 1000)
        ]
        XCTAssertEqual(res.events, correctMessages)
        XCTAssertEqual(xs.subscriptions, correctSubscriptions)
    }

    func testMap_Range_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 0),
            .next(220, 1),
            .error(300, testError),
            .next(400, 4),
        ])
        let res = scheduler.start { xs.map { $0 * 2 } }
        let correctMessages = Recorded.events(
            .next(210, 0 * 2),
            .next(220, 1 * 2),
            .error(300, testError)
        )
        XCTAssertEqual(res.events, correctMessages)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 0),
            .next(220, 1),
            .completed(300),
        ])
        let res = scheduler.start {
            xs.map { x -> Int in
                if x < 1 { return x * 2 }
                throw testError
            }
        }
        XCTAssertEqual(
            res.events,
            [
                .next(210, 0),
                .error(220, testError),
            ])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 220)
            ])
    }

    func testFilter_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1),
            .next(230, 3),
            .next(270, 4),
            .next(340, 5),
            .completed(600),
        ])
        let res = scheduler.start(disposed: 300) { xs.filter { $0 % 2 == 1 } }
        XCTAssertEqual(
            res.events,
            [
                .next(230, 3)
            ])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 300)
            ])
    }

    func testObserverAndScheduleAt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, "a"),
            .next(20, "b"),
            .completed(30),
        ])
        let observer = scheduler.createObserver(String.self)
        var subscription: Disposable! = nil
        scheduler.scheduleAt(TestScheduler.Defaults.created) { subscription = xs.asObservable().subscribe(observer) }
        scheduler.scheduleAt(115) { subscription.dispose() }
        scheduler.start()
        XCTAssertEqual(
            observer.events,
            [
                .next(110, "a")
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 115)])
        XCTAssertEqual(observer.events.map { $0.value.element }, ["a"])
        XCTAssertEqual(observer.events.first?.time, 110)
    }

    func testOptionalElementsAndSubjects() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1, simulateProcessingDelay: false)
        let subject = PublishSubject<Int?>()
        let res = scheduler.createObserver(Int?.self)
        var subscription: Disposable! = nil
        scheduler.scheduleAt(100) { subscription = subject.subscribe(res) }
        scheduler.scheduleAt(200) { subject.onNext(nil) }
        scheduler.scheduleAt(300) { subject.onNext(3) }
        scheduler.scheduleAt(400) { subscription.dispose() }
        scheduler.start()
        XCTAssertEqual(res.events, [.next(200, nil), .next(300, 3)])
    }

    func testOldFreeFunctionSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            next(150, 1),
            next(210, 2),
            completed(250),
        ])
        let res = scheduler.start { xs.asObservable() }
        XCTAssertEqual(
            res.events,
            [
                next(210, 2),
                completed(250),
            ])
    }
}
