import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class GroupByTests: RivuletTestCase {
    func testGroupsByKeyInOrderOfFirstAppearance() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300),
        ])
        let res = scheduler.start {
            xs.groupBy { $0 % 2 }.flatMap { group in group.map { "\(group.key):\($0)" } }
        }
        XCTAssertEqual(
            res.events,
            [
                .next(210, "1:1"), .next(220, "0:2"), .next(230, "1:3"), .next(240, "0:4"), .next(250, "1:5"),
                .completed(300),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEachKeyMakesOneGroupAndEachGroupEndsWithTheSource() {
        let subject = PublishSubject<String>()
        var keys: [Int] = []
        var groups: [Int: EventRecorder<String>] = [:]
        let outer = EventRecorder<Int>()
        let subscription = subject.groupBy { $0.count }.subscribe { event in
            switch event {
            case .next(let group):
                keys.append(group.key)
                let recorder = EventRecorder<String>()
                groups[group.key] = recorder
                _ = group.subscribe(recorder)
                outer.on(.next(group.key))
            case .error(let error): outer.on(.error(error))
            case .completed: outer.on(.completed)
            }
        }
        for word in ["a", "bb", "c", "dd", "eee"] { subject.onNext(word) }
        subject.onCompleted()
        XCTAssertEqual(keys, [1, 2, 3])
        XCTAssertEqual(groups[1]?.events, [.next("a"), .next("c"), .completed])
        XCTAssertEqual(groups[2]?.events, [.next("bb"), .next("dd"), .completed])
        XCTAssertEqual(groups[3]?.events, [.next("eee"), .completed])
        XCTAssertEqual(outer.events, [.next(1), .next(2), .next(3), .completed], "groups end before the outer")
        subscription.dispose()
    }

    func testSourceErrorReachesEveryGroupThenTheOuter() {
        let subject = PublishSubject<Int>()
        let group = EventRecorder<Int>()
        let outer = EventRecorder<Int>()
        _ = subject.groupBy { $0 }.subscribe { event in
            if case .next(let grouped) = event { _ = grouped.subscribe(group) }
            outer.on(event.map { $0.key })
        }
        subject.onNext(7)
        subject.onError(TestError.boom)
        XCTAssertEqual(group.events, [.next(7), .error(TestError.boom)])
        XCTAssertEqual(outer.events, [.next(7), .error(TestError.boom)])
    }

    func testKeySelectorThrowIsAnErrorEverywhereAndEndsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, -1), .next(230, 2), .completed(300)])
        let res = scheduler.start {
            xs.groupBy { value -> Bool in
                if value < 0 { throw TestError.boom }
                return value > 0
            }.flatMap { group in group.materialize() }
        }
        XCTAssertEqual(
            res.events,
            [.next(210, .next(1)), .next(220, .error(TestError.boom)), .error(220, TestError.boom)],
            "the group sees the error first, then the outer")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testGroupsKeepTheSourceAliveAfterTheOuterSubscriptionIsDisposed() {
        let subject = PublishSubject<Int>()
        var group: GroupedObservable<Bool, Int>?
        let outer = subject.groupBy { $0 > 0 }.subscribe(onNext: { group = $0 })
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        let groupSubscription = group?.subscribe(recorder)
        outer.dispose()
        XCTAssertTrue(subject.hasObservers, "a group subscription still holds the source")
        subject.onNext(2)
        subject.onNext(-1)
        XCTAssertEqual(recorder.elements, [2], "the group goes on; the new key reaches nobody")
        groupSubscription?.dispose()
        XCTAssertFalse(subject.hasObservers, "the last subscription ends the source subscription")
        subject.onNext(3)
        XCTAssertEqual(recorder.elements, [2])
    }

    func testDisposingTheOuterSubscriptionWithoutGroupsEndsTheSource() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let outer = subject.groupBy { $0 }.subscribe(onNext: { seen.append($0.key) })
        subject.onNext(1)
        outer.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        XCTAssertEqual(seen, [1])
    }

    func testValuesOfAGroupNobodySubscribedToAreDropped() {
        let subject = PublishSubject<Int>()
        var group: GroupedObservable<Int, Int>?
        let outer = subject.groupBy { $0 % 10 }.subscribe(onNext: { group = $0 })
        subject.onNext(1)
        subject.onNext(11)
        let recorder = EventRecorder<Int>()
        _ = group?.subscribe(recorder)
        subject.onNext(21)
        subject.onCompleted()
        XCTAssertEqual(group?.key, 1)
        XCTAssertEqual(recorder.events, [.next(21), .completed])
        outer.dispose()
    }

    func testSynchronousSourceCompletesEveryGroup() {
        var results: [String: [Int]] = [:]
        var completed = false
        _ = Observable.from([1, 2, 3, 4, 5, 6])
            .groupBy { $0 % 3 == 0 ? "three" : "other" }
            .flatMap { group in group.toArray().map { (group.key, $0) } }
            .subscribe(onNext: { results[$0.0] = $0.1 }, onCompleted: { completed = true })
        XCTAssertEqual(results, ["three": [3, 6], "other": [1, 2, 4, 5]])
        XCTAssertTrue(completed)
    }

    func testGroupSubscriptionsComingAndGoingOnOtherThreadsWhileTheSourceSends() {
        let subject = PublishSubject<Int>()
        let groups = GroupBox()
        let outer = subject.groupBy { $0 % 4 }.subscribe(onNext: { groups.add($0) })
        for key in 0..<4 { subject.onNext(key) }
        let perThread = 2_000
        runConcurrently(3) { thread in
            if thread == 0 {
                for value in 0..<perThread { subject.onNext(value) }
                return
            }
            for index in 0..<perThread / 10 {
                let counter = EventRecorder<Int>()
                let subscription = groups.group(index % 4)?.subscribe(counter)
                subscription?.dispose()
            }
        }
        outer.dispose()
        XCTAssertFalse(subject.hasObservers, "every subscription gone: the source subscription ended")
    }
}

/// The groups a test received, readable from other threads.
private final class GroupBox: @unchecked Sendable {
    // @unchecked Sendable: `groups` is guarded by `lock`.
    private let lock = NSLock()
    private var groups: [Int: GroupedObservable<Int, Int>] = [:]

    func add(_ group: GroupedObservable<Int, Int>) { lock.withLock { groups[group.key] = group } }

    func group(_ key: Int) -> GroupedObservable<Int, Int>? { lock.withLock { groups[key] } }
}
