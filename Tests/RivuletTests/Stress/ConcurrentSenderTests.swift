import Foundation
import Rivulet
import TestSupport
import XCTest

/// Concurrent senders stay bounded and fair (docs/DESIGN.md, "Concurrent senders"): the events
/// waiting for a busy subject or gate are bounded whatever the event rate, a sender's call
/// delivers a bounded number of other threads' events before it returns, and disposing under load
/// returns while the senders go on.
final class ConcurrentSenderTests: RealTimeTestCase {
    /// `EmissionQueue.capacity`: events of other threads that may wait before their senders park.
    private let capacity = 32
    private let sendsPerThread = 20_000

    // MARK: - Memory: what waits is bounded

    func testTwoSendersIntoASlowSubscriberKeepABoundedNumberOfEventsWaiting() {
        let subject = PublishSubject<Payload>()
        let live = Payload.Census()
        let subscription = subject.subscribe(onNext: { _ in spin(microseconds: 1) })
        let sendsPerThread = sendsPerThread
        assertFinishes("two senders into a slow subscriber") {
            runConcurrently(2) { thread in
                for value in 0..<sendsPerThread {
                    subject.onNext(Payload(value, from: thread, census: live))
                    live.sample()
                }
            }
        }
        // Queued: at most `capacity` plus one per parked sender, and a batch of at most `capacity`
        // the owner took from the queue; in flight: the one each sender holds.
        XCTAssertLessThanOrEqual(live.peak, 2 * capacity + 2 + 2, "events waiting grew with the event rate")
        XCTAssertEqual(live.count, 0)
        subscription.dispose()
    }

    func testTwoSendersIntoAMergeGateWithASlowSubscriberKeepABoundedNumberOfEventsWaiting() {
        let first = PublishSubject<Payload>()
        let second = PublishSubject<Payload>()
        let live = Payload.Census()
        let subscription = Observable.merge(first.asObservable(), second.asObservable())
            .map { $0 }
            .subscribe(onNext: { _ in spin(microseconds: 1) })
        let sendsPerThread = sendsPerThread
        assertFinishes("two senders into a merge with a slow subscriber") {
            runConcurrently(2) { thread in
                let subject = thread == 0 ? first : second
                for value in 0..<sendsPerThread {
                    subject.onNext(Payload(value, from: thread, census: live))
                    live.sample()
                }
            }
        }
        XCTAssertLessThanOrEqual(live.peak, capacity + 2 + 3, "events waiting in the gate grew with the event rate")
        XCTAssertEqual(live.count, 0)
        subscription.dispose()
    }

    // MARK: - Fairness: a sender's call returns after a bounded amount of others' work

    func testEachSendDeliversABoundedNumberOfOtherThreadsEvents() {
        let subject = PublishSubject<Payload>()
        let live = Payload.Census()
        let calls = CallLedger()
        let subscription = subject.subscribe(onNext: { payload in
            calls.delivered(payload.sender)
            spin(microseconds: 1)
        })
        let sendsPerThread = sendsPerThread
        assertFinishes("two senders measuring their own calls") {
            runConcurrently(2) { thread in
                for value in 0..<sendsPerThread {
                    calls.begin(thread)
                    subject.onNext(Payload(value, from: thread, census: live))
                    calls.end(thread)
                }
            }
        }
        // The owner's turn: its own event, then up to `capacity` others, then (asking the next
        // sender to park) the rest of the queue: at most `capacity` more plus one per parked
        // sender.
        XCTAssertLessThanOrEqual(calls.mostOthersInOneCall, 2 * capacity + 2)
        XCTAssertGreaterThan(calls.callsDeliveringOthers(of: 0), 0, "delivery moved between the senders")
        XCTAssertGreaterThan(calls.callsDeliveringOthers(of: 1), 0, "delivery moved between the senders")
        subscription.dispose()
    }

    func testSendersStopSoonAfterBeingAskedAndAnOwnersCallReturns() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in spin(microseconds: 1) })
        let senders = (0..<2).map { _ in LoopingSender { subject.onNext($0) } }
        XCTAssertTrue(senders[0].waitUntilSent(2_000))
        XCTAssertTrue(senders[1].waitUntilSent(2_000))
        // An owner that never stopped draining the other thread's events would never return here.
        for sender in senders { sender.stop() }
        subscription.dispose()
    }

    // MARK: - Disposal under load

    func testDisposeAndBagReleaseUnderTwoSustainedSendersReturnAndTheSendersGoOn() {
        let subject = PublishSubject<Int>()
        let keep = subject.subscribe(onNext: { _ in spin(microseconds: 1) })
        let senders = (0..<2).map { _ in LoopingSender { subject.onNext($0) } }
        XCTAssertTrue(senders[0].waitUntilSent(500))
        assertFinishes("dispose and bag release under two senders") {
            for _ in 0..<200 {
                let cheap = subject.subscribe(onNext: { _ in })
                var bag: DisposeBag? = DisposeBag()
                subject.subscribe(onNext: { _ in }).disposed(by: bag!)
                Observable.merge(subject.map { $0 }, subject.filter { $0 > 0 })
                    .subscribe(onNext: { _ in })
                    .disposed(by: bag!)
                cheap.dispose()
                bag = nil
            }
        }
        let before = senders.map(\.sent)
        XCTAssertTrue(senders[0].waitUntilSent(before[0] + 100), "the senders keep making progress")
        XCTAssertTrue(senders[1].waitUntilSent(before[1] + 100), "the senders keep making progress")
        for sender in senders { sender.stop() }
        keep.dispose()
    }

    func testASubjectDisposedWhileItsOwnerDeliversABatchOfQueuedEventsStartsNoneOfTheRest() {
        // The owner takes the events other threads queued in batches; a `dispose()` while it
        // delivers one must stop the batch: no queued event starts after `dispose()` returns.
        let subject = PublishSubject<Int>()
        let received = LockedValues<Int>()
        let ownerInHandler = DispatchSemaphore(value: 0)
        let othersQueued = DispatchSemaphore(value: 0)
        let batchStarted = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            if value == 0 {
                ownerInHandler.signal()
                _ = othersQueued.wait(timeout: .now() + 5)
            } else if value == 1 {
                batchStarted.signal()
                _ = disposed.wait(timeout: .now() + 5)
            }
        })
        let ownerDone = DispatchSemaphore(value: 0)
        Thread {
            subject.onNext(0)
            ownerDone.signal()
        }.start()
        assertFinishes("a dispose while the owner delivers a batch") {
            XCTAssertEqual(ownerInHandler.wait(timeout: .now() + 5), .success)
            // Fewer than `capacity`: each send queues its event and returns.
            let queued = DispatchSemaphore(value: 0)
            Thread {
                for value in 1...10 { subject.onNext(value) }
                queued.signal()
            }.start()
            XCTAssertEqual(queued.wait(timeout: .now() + 5), .success)
            othersQueued.signal()
            XCTAssertEqual(batchStarted.wait(timeout: .now() + 5), .success)
            subject.dispose()
            disposed.signal()
            XCTAssertEqual(ownerDone.wait(timeout: .now() + 5), .success)
        }
        XCTAssertEqual(received.all, [0, 1])
        subscription.dispose()
    }

    // MARK: - What must stay deadlock-free

    func testCombineLatestHandlerSyncingToTheUIThreadWhileItSendsIntoTheOtherSource() {
        // RxSwift calls onNext under its lock and deadlocks here; the gate never holds a lock
        // while it delivers, and the UI thread's send is queued (the stream is not overloaded).
        assertFinishes("combineLatest handler does ui.sync while ui sends into the other source") {
            for _ in 0..<50 {
                let ui = UIThread()
                let background = PublishSubject<Int>()
                let main = PublishSubject<Int>()
                var results = 0
                let subscription = Observable.combineLatest(background, main) { $0 + $1 }
                    .subscribe(onNext: { _ in
                        results += 1
                        ui.sync {}
                    })
                main.onNext(0)
                let sent = DispatchSemaphore(value: 0)
                Thread {
                    for value in 0..<20 { background.onNext(value) }
                    sent.signal()
                }.start()
                for value in 0..<20 { ui.sync { main.onNext(value) } }
                sent.wait()
                ui.sync {}
                XCTAssertGreaterThan(results, 0)
                subscription.dispose()
                ui.stop()
            }
        }
    }
}

// MARK: - Fixtures

/// Busy-waits about `microseconds` (a subscriber that does a little work).
private func spin(microseconds: Int) {
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(microseconds) * 1_000
    while DispatchTime.now().uptimeNanoseconds < end {}
}

/// A value that counts its live instances, so a test can see how many events wait somewhere.
final class Payload: Sendable {
    /// How many payloads are alive, and the most seen at once.
    final class Census: Sendable {
        let live = AtomicCell<Int>(0)
        let highest = AtomicCell<Int>(0)

        /// Notes the current count into `peak`.
        func sample() {
            let now = live.load(ordering: .relaxed)
            var seen = highest.load(ordering: .relaxed)
            while now > seen {
                let (exchanged, original) = highest.compareExchange(
                    expected: seen, desired: now, ordering: .relaxed)
                if exchanged { break }
                seen = original
            }
        }

        var count: Int { live.load(ordering: .relaxed) }
        var peak: Int { highest.load(ordering: .relaxed) }
    }

    let value: Int
    let sender: Int
    private let census: Census

    init(_ value: Int, from sender: Int, census: Census) {
        self.value = value
        self.sender = sender
        self.census = census
        census.live.wrappingAdd(1, ordering: .relaxed)
    }

    deinit { census.live.wrappingSubtract(1, ordering: .relaxed) }
}

/// Tracks, for each sender's call in progress, how many events of other senders its thread
/// delivered during it.
private final class CallLedger: @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`.
    private let lock = NSLock()
    private var inCall: [ObjectIdentifier: (sender: Int, others: Int)] = [:]
    private var most = 0
    private var delivering: [Int: Int] = [:]

    func begin(_ sender: Int) {
        lock.withLock { inCall[ObjectIdentifier(Thread.current)] = (sender, 0) }
    }

    /// Called by the subscriber, on the delivering thread.
    func delivered(_ sender: Int) {
        lock.withLock {
            let thread = ObjectIdentifier(Thread.current)
            guard var call = inCall[thread], call.sender != sender else { return }
            call.others += 1
            inCall[thread] = call
        }
    }

    func end(_ sender: Int) {
        lock.withLock {
            let thread = ObjectIdentifier(Thread.current)
            if let call = inCall.removeValue(forKey: thread) {
                most = max(most, call.others)
                if call.others > 0 { delivering[sender, default: 0] += 1 }
            }
        }
    }

    var mostOthersInOneCall: Int { lock.withLock { most } }

    /// The calls of `sender` that delivered some of another sender's events.
    func callsDeliveringOthers(of sender: Int) -> Int { lock.withLock { delivering[sender] ?? 0 } }
}
