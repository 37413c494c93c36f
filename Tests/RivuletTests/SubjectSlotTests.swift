import Foundation
import Rivulet
import TestSupport
import XCTest

/// The subject's observer slots: removal by key (before and after compaction), a buffer that grows
/// during a delivery, a handler that disposes itself, and the subject's release dropping handlers.
final class SubjectSlotTests: RivuletTestCase {
    /// Random subscribes, disposals and sends against a model: every observer receives exactly the
    /// values sent while it was subscribed, in order, whatever holes and compactions happened.
    func testRandomSubscribesAndDisposalsMatchAModel() {
        for seed: UInt64 in 1...20 {
            var random = SeededGenerator(seed: seed)
            let subject = PublishSubject<Int>()
            var received: [[Int]] = []
            var expected: [[Int]] = []
            var live: [Int: Disposable] = [:]  // observer index -> its subscription
            let box = ValueLists()
            for step in 0..<600 {
                switch random.next() % 10 {
                case 0...3:
                    let index = received.count
                    received.append([])
                    expected.append([])
                    box.lists.append([])
                    live[index] = subject.subscribe(onNext: { box.lists[index].append($0) })
                case 4...5:
                    guard let index = live.keys.randomElement(using: &random) else { continue }
                    live.removeValue(forKey: index)?.dispose()
                default:
                    subject.onNext(step)
                    for index in live.keys { expected[index].append(step) }
                }
            }
            received = box.lists
            XCTAssertEqual(received, expected, "seed \(seed)")
            XCTAssertEqual(subject.hasObservers, !live.isEmpty, "seed \(seed)")
            for subscription in live.values { subscription.dispose() }
            XCTAssertFalse(subject.hasObservers, "seed \(seed)")
        }
    }

    func testSendingWhileNobodyObservesStillUpdatesWhatLaterSubscribersGet() {
        // A subject whose observers all left (only holes) and one that never had any: sends are
        // recorded for the replay without a delivery, and a stop event still reaches late
        // subscribers.
        let publish = PublishSubject<Int>()
        publish.subscribe(onNext: { _ in }).dispose()
        publish.onNext(1)
        let late = EventRecorder<Int>()
        let lateSubscription = publish.subscribe(late)
        publish.onNext(2)
        XCTAssertEqual(late.elements, [2])
        lateSubscription.dispose()
        publish.onCompleted()
        let afterStop = EventRecorder<Int>()
        _ = publish.subscribe(afterStop)
        XCTAssertEqual(afterStop.events, [.completed])

        let behavior = BehaviorSubject(value: 0)
        behavior.onNext(1)
        behavior.onNext(2)
        let current = EventRecorder<Int>()
        let currentSubscription = behavior.subscribe(current)
        XCTAssertEqual(current.elements, [2])
        XCTAssertEqual(try behavior.value(), 2)
        currentSubscription.dispose()
        behavior.onError(SlotTestError())
        XCTAssertThrowsError(try behavior.value())
        let failed = EventRecorder<Int>()
        _ = behavior.subscribe(failed)
        XCTAssertEqual(failed.events.count, 1)
        XCTAssertNotNil(failed.events.first?.error)
    }

    func testASubscriberThatJoinedFromAnotherThreadCanLeaveAfterAReentrantSubscriber() {
        // Thread B subscribes while the main thread is delivering (B joins at the next boundary);
        // the delivering observer then subscribes C from inside its handler (C joins at once). B's
        // slot ends up after C's: disposing B must still find it and stop it.
        let subject = PublishSubject<Int>()
        let bJoining = DispatchSemaphore(value: 0)
        let b = EventRecorder<Int>()
        let c = EventRecorder<Int>()
        let bSubscription = DisposableCell()  // emptied at the end: the thread keeps its block a while
        var cSubscription: Disposable?
        let a = subject.subscribe(onNext: { value in
            guard value == 1 else { return }
            Thread {
                bSubscription.set(subject.subscribe(b))
                bJoining.signal()
            }.start()
            bJoining.wait()  // B is pending now: this thread owns emission
            cSubscription = subject.subscribe(c)
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(b.elements, [2])
        XCTAssertEqual(c.elements, [2])
        bSubscription.take()?.dispose()
        subject.onNext(3)
        XCTAssertEqual(b.elements, [2], "B left: it receives nothing more")
        XCTAssertEqual(c.elements, [2, 3])
        a.dispose()
        cSubscription?.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testDisposingInReverseOrderAfterACompaction() {
        // 200 observers; every observer but each fifth leaves (a compaction moves the rest), then
        // the survivors leave newest first (their slots are found by binary search).
        let subject = PublishSubject<Int>()
        let box = ValueLists()
        var subscriptions: [Disposable] = []
        for index in 0..<200 {
            box.lists.append([])
            subscriptions.append(subject.subscribe(onNext: { box.lists[index].append($0) }))
        }
        for index in 0..<200 where index % 5 != 0 { subscriptions[index].dispose() }
        subject.onNext(1)
        for index in stride(from: 195, through: 0, by: -5) {
            subscriptions[index].dispose()
            subject.onNext(index)
        }
        for index in 0..<200 {
            let expected = index % 5 == 0 ? [1] + stride(from: 195, to: index, by: -5).map { $0 } : []
            XCTAssertEqual(box.lists[index], expected, "observer \(index)")
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testSubscribersAddedDuringADeliveryGrowTheBufferAndJoinForTheNextEvent() {
        // The first observer subscribes 50 more while event 1 is being delivered to it: the slot
        // buffer grows under the running delivery. The new observers miss event 1 and get event 2.
        let subject = PublishSubject<Int>()
        let box = ValueLists()
        var added: [Disposable] = []
        let first = subject.subscribe(onNext: { value in
            guard value == 1 else { return }
            for index in 0..<50 {
                box.lists.append([])
                added.append(subject.subscribe(onNext: { box.lists[index].append($0) }))
            }
        })
        let last = EventRecorder<Int>()
        let lastSubscription = subject.subscribe(last)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(box.lists, Array(repeating: [2], count: 50))
        XCTAssertEqual(last.elements, [1, 2], "an observer after the growing one still receives event 1")
        first.dispose()
        lastSubscription.dispose()
        for subscription in added { subscription.dispose() }
        XCTAssertFalse(subject.hasObservers)
    }

    func testAHandlerThatDisposesItselfKeepsWhatItCapturesUntilItReturns() {
        // The closure disposes its own subscription, then still uses what it captured: the handler
        // must not be released while it runs (AddressSanitizer would catch a use after free).
        final class Payload {
            var values: [Int] = []
        }
        let subject = PublishSubject<Int>()
        var payload: Payload? = Payload()
        weak let weakPayload = payload
        var subscription: Disposable?
        subscription = subject.subscribe(onNext: { [payload] value in
            subscription?.dispose()
            payload?.values.append(value)
            payload?.values.append(value * 10)
        })
        let other = EventRecorder<Int>()
        let otherSubscription = subject.subscribe(other)
        payload = nil
        subject.onNext(4)
        XCTAssertNil(weakPayload, "released once the handler returned and its slot was removed")
        subject.onNext(5)
        XCTAssertEqual(other.elements, [4, 5])
        XCTAssertTrue(subject.hasObservers)
        otherSubscription.dispose()
        subscription = nil
        XCTAssertFalse(subject.hasObservers)
    }

    func testAHandlerInTheCoresOwnSlotsGrowsTheBufferAndDisposesItself() {
        // The first two observers sit in the slots inside the subject's core. While event 1 runs,
        // the first subscribes three more (its slot moves to a heap buffer under the running call)
        // and then disposes itself: what it captures lives until it returns, the second observer
        // still gets event 1, and the new ones join for event 2.
        final class Payload {
            var values: [Int] = []
        }
        let subject = PublishSubject<Int>()
        let box = ValueLists()
        var added: [Disposable] = []
        var payload: Payload? = Payload()
        weak let weakPayload = payload
        var subscription: Disposable?
        subscription = subject.subscribe(onNext: { [payload] value in
            for index in 0..<3 {
                box.lists.append([])
                added.append(subject.subscribe(onNext: { box.lists[index].append($0) }))
            }
            subscription?.dispose()
            payload?.values.append(value)
        })
        let second = EventRecorder<Int>()
        let secondSubscription = subject.subscribe(second)
        payload = nil
        subject.onNext(1)
        XCTAssertNil(weakPayload, "released once the handler returned")
        subject.onNext(2)
        XCTAssertEqual(second.elements, [1, 2])
        XCTAssertEqual(box.lists, [[2], [2], [2]])
        secondSubscription.dispose()
        for added in added { added.dispose() }
        XCTAssertFalse(subject.hasObservers)
        subject.onCompleted()
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events.count, 1, "a late subscriber gets only the completion")
    }

    func testReleasingTheSubjectReleasesTheObserversItAloneHeld() {
        // Nobody keeps the subscription: once the subject is gone, nothing could ever reach the
        // observer, so it and what its closures capture are released.
        final class Token {}
        var subject: PublishSubject<Int>? = PublishSubject<Int>()
        var token: Token? = Token()
        weak let weakToken = token
        _ = subject!.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        XCTAssertNotNil(weakToken)
        subject = nil
        XCTAssertNil(weakToken, "the subject's release drops the handlers it held")
    }

    func testDisposingAfterTheSubjectWasReleased() {
        var subject: PublishSubject<Int>? = PublishSubject<Int>()
        var disposed = 0
        let subscription = subject!.subscribe(onNext: { _ in }, onDisposed: { disposed += 1 })
        subject = nil
        subscription.dispose()  // its core is kept alive by the subscription: no crash, runs once
        subscription.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testABehaviorSubjectReleasedWithLiveSubscriptions() {
        var subject: BehaviorSubject<Int>? = BehaviorSubject(value: 1)
        let recorder = EventRecorder<Int>()
        let subscription = subject!.subscribe(recorder)
        subject!.onNext(2)
        subject = nil
        XCTAssertEqual(recorder.elements, [1, 2])
        subscription.dispose()
    }
}

private struct SlotTestError: Error {}

/// A disposable handed over from another thread.
private final class DisposableCell: @unchecked Sendable {
    // @unchecked Sendable: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var value: Disposable?

    func set(_ disposable: Disposable) { lock.withLock { value = disposable } }

    func take() -> Disposable? { lock.withLock { value.take() } }
}

/// Per-observer value lists the test's closures append to.
private final class ValueLists {
    var lists: [[Int]] = []
}
