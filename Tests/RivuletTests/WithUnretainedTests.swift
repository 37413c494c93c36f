import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class WithUnretainedTests: RivuletTestCase {
    private final class Owner {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    func testPairsEveryValueWithTheObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(7)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .next(20, 3), .completed(50)])
        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.id), \($1)" } }
        XCTAssertEqual(res.events, [.next(210, "7, 1"), .next(215, "7, 2"), .next(220, "7, 3"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testResultSelectorTakesTheTuple() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(7)
        let xs = scheduler.createHotObservable([.next(210, (1, "a")), .next(220, (2, "b")), .completed(230)])
        let res = scheduler.start { xs.withUnretained(owner) { ($0.id, $1.0, $1.1) }.map { "\($0)\($1)\($2)" } }
        XCTAssertEqual(res.events, [.next(210, "71a"), .next(220, "72b"), .completed(230)])
    }

    func testTheNextValueAfterTheObjectIsReleasedCompletesAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(7)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let res = scheduler.start {
            xs.withUnretained(owner!)
                .do(onNext: { _, value in if value == 2 { owner = nil } })
                .map { "\($0.id), \($1)" }
        }
        XCTAssertEqual(res.events, [.next(210, "7, 1"), .next(220, "7, 2"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testReleaseWithoutAValueSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(1)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        scheduler.scheduleAt(250) { owner = nil }
        let res = scheduler.start(disposed: 280) { xs.withUnretained(owner!).map { $1 } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
    }

    func testErrorsPassThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(1)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let res = scheduler.start { xs.withUnretained(owner).map { $1 } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(1)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let res = scheduler.start(disposed: 250) { xs.withUnretained(owner).map { $1 } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTheStreamDoesNotRetainTheObject() {
        let subject = PublishSubject<Int>()
        weak var weakOwner: Owner?
        var seen: [Int] = []
        let recorder = EventRecorder<Int>()
        var subscription: Disposable?
        do {
            let owner = Owner(3)
            weakOwner = owner
            subscription = subject.withUnretained(owner).map { owner, value in
                seen.append(owner.id)
                return value
            }.subscribe(recorder)
            subject.onNext(1)
        }
        XCTAssertNil(weakOwner)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(seen, [3])
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        subscription?.dispose()
    }

    func testAnObjectThatOwnsItsSubscriptionIsReleased() {
        final class ViewModel {
            let bag = DisposeBag()
            var received: [Int] = []
            init(_ input: Observable<Int>) {
                input.withUnretained(self).subscribe(onNext: { owner, value in owner.received.append(value) })
                    .disposed(by: bag)
            }
        }
        let subject = PublishSubject<Int>()
        weak var weakModel: ViewModel?
        do {
            let model = ViewModel(subject.asObservable())
            weakModel = model
            subject.onNext(1)
            XCTAssertEqual(model.received, [1])
        }
        XCTAssertNil(weakModel)
        subject.onNext(2)
        XCTAssertFalse(subject.hasObservers)
    }
}
