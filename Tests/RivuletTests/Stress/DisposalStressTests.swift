import Foundation
import Rivulet
import TestSupport
import XCTest

/// Disposal and locking under concurrency (docs/DESIGN.md, "Threading and disposal contract"):
/// user closures never run under a Rivulet lock, and a `DisposeBag` released on another thread
/// while events flow stops every closure it holds.
final class DisposalStressTests: RivuletTestCase {
    // MARK: - Contract 10: no user closure runs while Rivulet holds a lock

    /// Runs `body` on another thread and waits for it. If the calling thread held a lock `body`
    /// needs, this would never return: the wait gives up after 10 s (far beyond any real run) and
    /// the test fails as a deadlock. It is a deadlock detector, not a timing assertion.
    private func callFromAnotherThread(
        _ what: String, file: StaticString = #filePath, line: UInt = #line, _ body: @escaping () -> Void
    ) {
        let box = UncheckedSendable(body)
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value()
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 10) == .timedOut {
            XCTFail("\(what): the user closure ran while a lock it needs was held", file: file, line: line)
        }
    }

    func test_contract10_noUserClosureRunsWhileRivuletHoldsALock_subjects() {
        let subject = PublishSubject<Int>()
        let behavior = BehaviorSubject(value: 0)
        let relay = BehaviorRelay(value: 0)
        var seen: [Int] = []
        let a = subject.subscribe(onNext: { value in
            seen.append(value)
            guard value == 1 else { return }
            self.callFromAnotherThread("PublishSubject observer") {
                subject.onNext(2)  // queued behind the current delivery
                subject.subscribe(onNext: { _ in }).dispose()
                _ = subject.hasObservers
            }
        })
        let b = behavior.subscribe(onNext: { value in
            guard value == 1 else { return }
            self.callFromAnotherThread("BehaviorSubject observer") { _ = try? behavior.value() }
        })
        let c = relay.subscribe(onNext: { value in
            guard value == 1 else { return }
            self.callFromAnotherThread("BehaviorRelay observer") { _ = relay.value }
        })
        subject.onNext(1)
        behavior.onNext(1)
        relay.accept(1)
        XCTAssertEqual(seen, [1, 2])
        a.dispose()
        b.dispose()
        c.dispose()
    }

    func test_contract10_noUserClosureRunsWhileRivuletHoldsALock_operators() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let outer = PublishSubject<Int>()
        let bag = DisposeBag()
        var merged: [Int] = []
        Observable.merge(left.asObservable(), right.asObservable())
            .map { value -> Int in
                if value == 1 { self.callFromAnotherThread("merge + map selector") { right.onNext(2) } }
                return value
            }
            .subscribe(onNext: { merged.append($0) })
            .disposed(by: bag)
        Observable.combineLatest(left, right) { l, r -> Int in
            if l == 3, r == 2 { self.callFromAnotherThread("combineLatest selector") { right.onNext(4) } }
            return l + r
        }
        .subscribe()
        .disposed(by: bag)
        outer.flatMapLatest { value -> Observable<Int> in
            if value == 1 { self.callFromAnotherThread("flatMapLatest selector") { outer.onNext(2) } }
            return Observable.just(value)
        }
        .subscribe()
        .disposed(by: bag)
        let shared = left.share(replay: 1)
        shared.subscribe(onNext: { value in
            guard value == 5 else { return }
            self.callFromAnotherThread("share observer") { shared.subscribe(onNext: { _ in }).dispose() }
        })
        .disposed(by: bag)
        left.onNext(1)
        left.onNext(3)
        outer.onNext(1)
        left.onNext(5)
        XCTAssertEqual(merged, [1, 2, 3, 4, 5])
    }

    func test_contract10_noUserClosureRunsWhileRivuletHoldsALock_disposeActionsAndDeinits() {
        let subject = PublishSubject<Int>()
        // A dispose action that touches the same subject from another thread.
        let subscription = Observable<Int>.create { observer in
            let inner = subject.subscribe(observer)
            return Disposables.create {
                inner.dispose()
                self.callFromAnotherThread("dispose action") { subject.subscribe(onNext: { _ in }).dispose() }
            }
        }
        .subscribe()
        subscription.dispose()
        // A handler's captured object whose deinit (user code) runs when the subject drops it.
        final class CallsBackOnDeinit {
            let action: () -> Void
            init(_ action: @escaping () -> Void) { self.action = action }
            deinit { action() }
        }
        var captured: CallsBackOnDeinit? = CallsBackOnDeinit {
            self.callFromAnotherThread("deinit of a captured object") {
                subject.onNext(9)
                subject.subscribe(onNext: { _ in }).dispose()
            }
        }
        let held = subject.subscribe(onNext: { [captured] _ in _ = captured })
        captured = nil
        held.dispose()  // releases the handler, and with it the last reference
        XCTAssertFalse(subject.hasObservers)
    }

    func test_contract10_valuesReplacedInASubjectWithoutObserversAreReleasedAfterTheLock() {
        // With nobody subscribed a send only updates what a later subscriber is replayed; the
        // value it replaces (its deinit is user code) must still be released outside the lock.
        final class CallsBackOnDeinit {
            let action: () -> Void
            init(_ action: @escaping () -> Void) { self.action = action }
            deinit { action() }
        }
        let behavior = BehaviorSubject<CallsBackOnDeinit?>(value: nil)
        let replay = ReplaySubject<CallsBackOnDeinit?>.create(bufferSize: 1)
        behavior.onNext(
            CallsBackOnDeinit {
                self.callFromAnotherThread("deinit of a replaced BehaviorSubject value") {
                    _ = try? behavior.value()
                }
            })
        replay.onNext(
            CallsBackOnDeinit {
                self.callFromAnotherThread("deinit of a replaced ReplaySubject value") { _ = replay.hasObservers }
            })
        behavior.onNext(nil)  // replaces (and releases) the value above
        replay.onNext(nil)
        XCTAssertNil(try behavior.value() ?? nil)
    }

    // MARK: - Contract 13: a DisposeBag released on another thread while events flow

    func test_contract13_disposeBagReleasedOnAnotherThreadWhileEventsFlow() {
        final class BagBox: @unchecked Sendable {
            // @unchecked Sendable: `bag` is written by one thread while the others only send.
            var bag: DisposeBag? = DisposeBag()
        }
        for _ in 0..<30 {
            let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
            let box = BagBox()
            let lock = NSLock()
            var released = false
            var late = 0
            var delivered = 0
            weak var weakTracker: Tracker?
            do {
                let tracker = Tracker()
                weakTracker = tracker
                for subject in subjects {
                    for _ in 0..<3 {
                        subject.subscribe(onNext: { _ in
                            _ = tracker
                            lock.withLock {
                                delivered += 1
                                if released { late += 1 }
                            }
                        })
                        .disposed(by: box.bag!)
                    }
                }
                Observable.merge(subjects.map { $0.asObservable() })
                    .subscribe(onNext: { _ in lock.withLock { if released { late += 1 } } })
                    .disposed(by: box.bag!)
            }
            let started = DispatchSemaphore(value: 0)
            runConcurrently(3) { thread in
                if thread < 2 {
                    for value in 0..<2_000 {
                        subjects[thread].onNext(value)
                        if thread == 0, value == 100 { started.signal() }
                    }
                } else {
                    started.wait()
                    box.bag = nil  // the bag's deinit runs here, on this thread
                    lock.withLock { released = true }
                }
            }
            // Muted first: only a closure that had already started on one of the two delivering
            // threads may still finish after the release returned.
            XCTAssertLessThanOrEqual(late, 2, "no closure of the bag started after its release returned")
            XCTAssertGreaterThan(delivered, 0)
            XCTAssertFalse(subjects.contains { $0.hasObservers })
            XCTAssertNil(weakTracker, "the closures and what they captured were released")
        }
    }

    // MARK: - Contract 3: a synchronous source disposed from another thread

    func test_contract3_synchronousSourceDisposedFromAnotherThreadStopsAfterTheRunningStep() {
        // `from` steps on the subscribing thread's trampoline. Subscribed while that trampoline
        // runs, `subscribe` returns before the first step, so another thread can dispose while a
        // step is handing an element over: that step finishes, none starts after it, and the
        // closures are released once it has returned.
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let held = DisposableSlots(count: 1)
        let delivered = LockedCounter()
        weak var weakTracker: Tracker?
        runConcurrently(2) { thread in
            if thread == 0 {
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    let tracker = Tracker()
                    weakTracker = tracker
                    held[0] = Observable.from(0...).subscribe(onNext: { value in
                        _ = tracker
                        delivered.increment()
                        if value == 3 {
                            entered.signal()
                            proceed.wait()
                        }
                    })
                    return Disposables.create()
                }
            } else {
                entered.wait()  // the step handing over 3 is blocked in onNext
                held[0]?.dispose()
                proceed.signal()
            }
        }
        XCTAssertNil(weakTracker, "released once the step returned, though the Disposable is still held")
        XCTAssertEqual(delivered.value, 4, "no step started after dispose() returned")
        held[0] = nil
    }

    func test_contract3_synchronousSourceDisposedFromAnotherThreadWhileSteppingNeverRacesItsClosures() {
        // The same race without the pause, many times: the closures are released only after the
        // step that was running returned, so ThreadSanitizer sees the release ordered after the
        // last call (CI runs this suite under it).
        for round in 0..<100 {
            let started = DispatchSemaphore(value: 0)
            let held = DisposableSlots(count: 1)
            let delivered = LockedCounter()
            runConcurrently(2) { thread in
                if thread == 0 {
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        var count = 0
                        held[0] = Observable.from(0...).subscribe(onNext: { _ in
                            count += 1
                            delivered.increment()
                            if count == 1 { started.signal() }
                        })
                        return Disposables.create()
                    }
                } else {
                    started.wait()
                    for _ in 0..<(round % 7) { sched_yield() }
                    held[0]?.dispose()
                }
            }
            XCTAssertGreaterThan(delivered.value, 0)
            held[0] = nil
        }
    }
}

/// An object whose lifetime the leak tests watch through a weak reference.
final class Tracker: @unchecked Sendable {
    // @unchecked Sendable: no state.
}
