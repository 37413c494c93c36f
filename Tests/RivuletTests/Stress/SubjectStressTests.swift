import Foundation
import Rivulet
import TestSupport
import XCTest

/// Sending, subscribing and disposing subjects from several threads at once (docs/DESIGN.md,
/// "Threading and disposal contract"; `test_contractN_` names the contract sentence a test proves):
/// the grammar holds per subscription, nothing is lost or duplicated, and once `dispose()` has
/// returned no delivery to that subscription starts.
final class SubjectStressTests: RivuletTestCase {
    private let threads = 4
    private let perThread = 2_000

    func test_contract1_concurrentSendsReachEveryObserverOnceInOneOrder() {
        let subject = PublishSubject<Int>()
        let recorders = (0..<3).map { _ in EventRecorder<Int>() }
        let subscriptions = recorders.map { subject.subscribe($0) }
        let perThread = perThread
        runConcurrently(threads) { thread in
            for index in 0..<perThread { subject.onNext(thread * perThread + index) }
        }
        subject.onCompleted()
        for recorder in recorders {
            XCTAssertEqual(recorder.elements.count, threads * perThread, "nothing lost or duplicated")
            XCTAssertEqual(Set(recorder.elements).count, threads * perThread)
            XCTAssertEqual(recorder.events.last, .completed)
            for thread in 0..<threads {
                let mine = recorder.elements.filter { $0 / perThread == thread }
                XCTAssertEqual(mine, mine.sorted(), "each thread's values keep their order")
            }
        }
        XCTAssertEqual(recorders[0].elements, recorders[1].elements, "every observer sees one order")
        XCTAssertEqual(recorders[0].elements, recorders[2].elements)
        for subscription in subscriptions { subscription.dispose() }
    }

    func testConcurrentSendsIntoRelays() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: -1)
        var publishCount = 0
        var behaviorCount = 0
        let a = publish.subscribe(onNext: { _ in publishCount += 1 })
        let b = behavior.subscribe(onNext: { _ in behaviorCount += 1 })
        let perThread = perThread
        runConcurrently(threads) { _ in
            for value in 0..<perThread {
                publish.accept(value)
                behavior.accept(value)
            }
        }
        XCTAssertEqual(publishCount, threads * perThread)
        XCTAssertEqual(behaviorCount, threads * perThread + 1)
        XCTAssertEqual(behavior.value, perThread - 1)
        a.dispose()
        b.dispose()
    }

    func test_contract2_concurrentSendsAndTerminalsIntoASubjectKeepTheGrammar() {
        for _ in 0..<50 {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            _ = subject.subscribe(recorder)
            runConcurrently(threads) { thread in
                for value in 0..<50 { subject.onNext(value) }
                if thread == 0 { subject.onCompleted() } else { subject.onError(TestError.other(thread)) }
                subject.onNext(-1)
            }
            XCTAssertEqual(recorder.events.filter(\.isStopEvent).count, 1)
            XCTAssertTrue(recorder.isStopped)
            XCTAssertFalse(subject.hasObservers)
        }
    }

    func test_contract3_noDeliveryStartsAfterDisposeReturns() {
        for _ in 0..<20 {
            let subject = PublishSubject<Int>()
            let deliveries = LateDeliveries()
            let started = DispatchSemaphore(value: 0)
            let subscription = subject.subscribe(onNext: { _ in
                if deliveries.delivery() == 100 { started.signal() }
            })
            runConcurrently(3) { thread in
                switch thread {
                case 0, 1:
                    for value in 0..<10_000 { subject.onNext(value) }
                default:
                    started.wait()
                    subscription.dispose()
                    deliveries.disposeReturned()
                }
            }
            // One thread delivers at a time: only the delivery already running may finish.
            XCTAssertLessThanOrEqual(deliveries.late, 1)
            XCTAssertGreaterThanOrEqual(deliveries.delivered, 100)
            XCTAssertFalse(subject.hasObservers)
        }
    }

    func test_contract4_disposeFromAnotherThreadReturnsWithoutWaitingAndReleasesClosuresAfterTheDelivery() {
        final class Tracker {}
        let subject = PublishSubject<Int>()
        let lock = NSLock()
        var inDelivery = false
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        weak var weakTracker: Tracker?
        var subscription: Disposable?
        do {
            let tracker = Tracker()
            weakTracker = tracker
            subscription = subject.subscribe(onNext: { _ in
                _ = tracker
                lock.withLock { inDelivery = true }
                entered.signal()
                proceed.wait()
                lock.withLock { inDelivery = false }
            })
        }
        var deliveringWhenDisposeReturned = false
        var releasedWhenDisposeReturned = true
        runConcurrently(2) { thread in
            if thread == 0 {
                subject.onNext(1)
            } else {
                entered.wait()
                subscription?.dispose()  // returns while the observer is blocked
                lock.withLock {
                    deliveringWhenDisposeReturned = inDelivery
                    releasedWhenDisposeReturned = weakTracker == nil
                }
                proceed.signal()
            }
        }
        XCTAssertTrue(deliveringWhenDisposeReturned, "dispose() did not wait for the delivery in progress")
        XCTAssertFalse(releasedWhenDisposeReturned, "the running closure was not released under it")
        XCTAssertNil(weakTracker, "released once the delivery returned, though the Disposable is still held")
        subject.onNext(2)
        XCTAssertFalse(subject.hasObservers)
        withExtendedLifetime(subscription) {}
    }

    func test_contract5_disposeFromInsideADeliveryReturnsAtOnce() {
        let subject = PublishSubject<Int>()
        var values: [Int] = []
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            subject.subscribe(onNext: { value in
                values.append(value)
                holder.dispose()  // must not wait for the delivery it is part of
            }))
        runConcurrently(1) { _ in subject.onNext(1) }
        subject.onNext(2)
        XCTAssertEqual(values, [1])
    }

    func test_contract8_subscriberJoiningFromAnotherThreadSeesAGaplessSuffix() {
        // A subscriber that joins while another thread sends receives a contiguous run of the
        // sent values: nothing skipped, nothing duplicated.
        for _ in 0..<20 {
            let subject = PublishSubject<Int>()
            let keepAlive = subject.subscribe { _ in }
            let joined = EventRecorder<Int>()
            var joinedSubscription: Disposable?
            let started = DispatchSemaphore(value: 0)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<5_000 {
                        subject.onNext(value)
                        if value == 10 { started.signal() }
                    }
                } else {
                    started.wait()
                    joinedSubscription = subject.subscribe(joined)
                }
            }
            let values = joined.elements
            if let first = values.first {
                XCTAssertEqual(values, Array(first..<5_000))
            }
            joinedSubscription?.dispose()
            keepAlive.dispose()
        }
    }

    func test_contract8_replaySubscriberJoiningFromAnotherThreadSeesReplayThenLiveWithoutGaps() {
        for _ in 0..<20 {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            let joined = EventRecorder<Int>()
            var joinedSubscription: Disposable?
            let started = DispatchSemaphore(value: 0)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<5_000 {
                        subject.onNext(value)
                        if value == 10 { started.signal() }
                    }
                    subject.onCompleted()
                } else {
                    started.wait()
                    joinedSubscription = subject.subscribe(joined)
                }
            }
            let values = joined.elements
            XCTAssertGreaterThanOrEqual(values.count, 3)
            if let first = values.first {
                XCTAssertEqual(values, Array(first..<5_000))
            }
            XCTAssertEqual(joined.events.last, .completed)
            joinedSubscription?.dispose()
        }
    }

    func test_contract8_behaviorSubscriberJoiningFromAnotherThreadSeesTheLatestThenLive() {
        for _ in 0..<20 {
            let subject = BehaviorSubject(value: -1)
            let joined = EventRecorder<Int>()
            var joinedSubscription: Disposable?
            let started = DispatchSemaphore(value: 0)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<5_000 {
                        subject.onNext(value)
                        if value == 10 { started.signal() }
                    }
                } else {
                    started.wait()
                    joinedSubscription = subject.subscribe(joined)
                }
            }
            let values = joined.elements
            XCTAssertFalse(values.isEmpty, "a BehaviorSubject always gives a joining subscriber a value")
            if let first = values.first {
                XCTAssertEqual(values, Array(first..<5_000))
            }
            joinedSubscription?.dispose()
        }
    }

    func testSubscribeAndDisposeChurnWhileSending() {
        let subject = PublishSubject<Int>()
        let stop = DispatchSemaphore(value: 0)
        runConcurrently(3) { thread in
            if thread == 0 {
                for value in 0..<20_000 { subject.onNext(value) }
                stop.signal()
                stop.signal()
            } else {
                var rounds = 0
                // `rounds` first: a signal taken while rounds < 10 would be lost and the loop spin forever.
                while rounds < 10 || stop.wait(timeout: .now()) == .timedOut {
                    let recorder = EventRecorder<Int>()
                    let subscription = subject.subscribe(recorder)
                    subscription.dispose()
                    let values = recorder.elements
                    if let first = values.first {
                        XCTAssertEqual(values, Array(first..<(first + values.count)))
                    }
                    rounds += 1
                }
            }
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testManySubscribersLeavingOutOfOrderOnSeveralThreadsWhileSending() {
        // 64 long-lived observers plus churn on two threads that leave out of order (holes,
        // compactions and slot look-ups by key while another thread owns emission): each observer
        // sees a gapless run of the values sent while it was subscribed.
        let subject = PublishSubject<Int>()
        let recorders = (0..<64).map { _ in EventRecorder<Int>() }
        let subscriptions = LockedValues<Disposable>()
        for recorder in recorders { subscriptions.append(subject.subscribe(recorder)) }
        let churned = LockedCounter()
        var sent = 0
        runConcurrently(3) { thread in
            if thread == 0 {
                // Sends until both churning threads are done (each leaves a fixed number of times).
                while churned.value < 2 || sent < 2_000 {
                    subject.onNext(sent)
                    sent += 1
                }
                return
            }
            var random = SeededGenerator(seed: UInt64(thread))
            var mine: [(EventRecorder<Int>, Disposable)] = []
            for _ in 0..<3_000 {
                let recorder = EventRecorder<Int>()
                mine.append((recorder, subject.subscribe(recorder)))
                if mine.count > 40 {
                    // Leave from the middle: the slot is found by key after compactions.
                    let (left, subscription) = mine.remove(at: Int(random.next() % UInt64(mine.count)))
                    subscription.dispose()
                    let values = left.elements
                    if let first = values.first {
                        XCTAssertEqual(values, Array(first..<(first + values.count)), "gapless")
                    }
                }
            }
            for (_, subscription) in mine { subscription.dispose() }
            churned.increment()
        }
        for recorder in recorders {
            XCTAssertEqual(recorder.elements, Array(0..<sent), "the long-lived observers lost nothing")
        }
        for subscription in subscriptions.all { subscription.dispose() }
        XCTAssertFalse(subject.hasObservers)
    }

    func test_contract11_subjectDisposeDropsEveryObserverWhileAnotherThreadSends() {
        for _ in 0..<20 {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            _ = subject.subscribe(recorder)
            let started = DispatchSemaphore(value: 0)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<5_000 {
                        subject.onNext(value)
                        if value == 10 { started.signal() }
                    }
                } else {
                    started.wait()
                    subject.dispose()
                }
            }
            XCTAssertFalse(subject.hasObservers)
            let values = recorder.elements
            XCTAssertEqual(values, Array(0..<values.count))
            XCTAssertFalse(recorder.isStopped)
            let late = EventRecorder<Int>()
            subject.subscribe(late).dispose()
            guard case .error(let error)? = late.events.first, case RxError.disposed = error else {
                return XCTFail("a later subscriber gets RxError.disposed, got \(late.events)")
            }
        }
    }
}
