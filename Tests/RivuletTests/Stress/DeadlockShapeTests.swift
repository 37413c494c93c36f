import Foundation
import Rivulet
import TestSupport
import XCTest

/// The app code that froze when `dispose()` waited for a delivery on another thread (before the non-waiting dispose),
/// each run enough times to have hit the old deadlock reliably. Contract 4 (docs/DESIGN.md):
/// `dispose()` never waits for another thread's delivery, so none of these can hang; a watchdog
/// reports a hang as a test failure.
final class DeadlockShapeTests: RealTimeTestCase {
    private let rounds = 20

    // MARK: - A handler that waits for the thread that disposes

    func testObserverSyncingToTheUIThreadWhileTheUIThreadReleasesItsBag() {
        assertFinishes("onNext { ui.sync {} } while ui releases the bag holding it") {
            for _ in 0..<self.rounds {
                let subject = PublishSubject<Int>()
                let ui = UIThread()
                var bag: DisposeBag? = DisposeBag()
                subject.subscribe(onNext: { _ in ui.sync {} }).disposed(by: bag!)
                let sender = LoopingSender { subject.onNext($0) }
                _ = sender.waitUntilSent(3)
                ui.sync { bag = nil }
                sender.stop()
                ui.stop()
            }
        }
    }

    func testObserverSyncingToTheUIThreadWhileTheUIThreadReleasesAnUnrelatedBag() {
        // The bag holds another subscription to the same subject: a dispose that waited for the
        // whole event (every observer) waited for the observer blocked on the UI thread.
        assertFinishes("onNext { ui.sync {} } while ui releases a bag with another subscription") {
            for _ in 0..<self.rounds {
                let subject = PublishSubject<Int>()
                let ui = UIThread()
                let blocking = subject.subscribe(onNext: { _ in ui.sync {} })
                var bag: DisposeBag? = DisposeBag()
                subject.subscribe(onNext: { _ in }).disposed(by: bag!)
                let sender = LoopingSender { subject.onNext($0) }
                _ = sender.waitUntilSent(3)
                ui.sync { bag = nil }
                sender.stop()
                blocking.dispose()
                ui.stop()
            }
        }
    }

    func testObserverReleasingItsOwnBagOnTheUIThread() {
        // onNext { DispatchQueue.main.sync { bag = nil } }: the release runs on the UI thread while
        // the delivery that asked for it waits for the UI thread.
        assertFinishes("onNext { ui.sync { bag = nil } }") {
            for _ in 0..<self.rounds {
                let subject = PublishSubject<Int>()
                let ui = UIThread()
                var bag: DisposeBag? = DisposeBag()
                var values = 0
                subject.subscribe(onNext: { _ in
                    values += 1
                    ui.sync { bag = nil }
                }).disposed(by: bag!)
                runConcurrently(1) { _ in subject.onNext(1) }
                subject.onNext(2)  // after the bag is gone: not delivered
                XCTAssertEqual(values, 1)
                XCTAssertNil(bag)
                XCTAssertFalse(subject.hasObservers)
                ui.stop()
            }
        }
    }

    func testObserverTakingALockThatTheDisposingThreadHolds() {
        assertFinishes("onNext takes a lock held by the thread replacing the bag") {
            for _ in 0..<self.rounds {
                let subject = PublishSubject<Int>()
                let lock = NSLock()
                var bag = DisposeBag()
                subject.subscribe(onNext: { _ in lock.withLock {} }).disposed(by: bag)
                let sender = LoopingSender { subject.onNext($0) }
                _ = sender.waitUntilSent(3)
                lock.withLock { bag = DisposeBag() }
                sender.stop()
                withExtendedLifetime(bag) {}
            }
        }
    }

    func testObserverTakingALockWhileAPropertyWrapperSetterReplacesTheBag() {
        assertFinishes("onNext takes the lock of a @Locked bag property while its setter runs") {
            for _ in 0..<self.rounds {
                let model = LockedBagModel()
                let subject = PublishSubject<Int>()
                subject.subscribe(onNext: { _ in model.touch() }).disposed(by: model.bag)
                let sender = LoopingSender { subject.onNext($0) }
                _ = sender.waitUntilSent(3)
                model.bag = DisposeBag()  // the old bag is released inside the setter, under the lock
                sender.stop()
            }
        }
    }

    func testObserverTakingARegistryLockWhileADeinitUnderThatLockReleasesTheBag() {
        assertFinishes("onNext takes a registry lock while a view model dies under it") {
            for _ in 0..<self.rounds {
                let registry = Registry()
                let subject = PublishSubject<Int>()
                registry.add(ViewModel(subject, registry: registry))
                let sender = LoopingSender { subject.onNext($0) }
                _ = sender.waitUntilSent(3)
                registry.removeAll()  // ViewModel.deinit releases its bag while the registry lock is held
                sender.stop()
            }
        }
    }

    func testObserverSyncingToAStateQueueWhileTheQueueReplacesTheBag() {
        assertFinishes("onNext { stateQueue.sync {} } while stateQueue.async { bag = DisposeBag() }") {
            for _ in 0..<self.rounds {
                let subject = PublishSubject<Int>()
                let stateQueue = DispatchQueue(label: "state")
                let state = UncheckedBagBox()
                subject.subscribe(onNext: { _ in stateQueue.sync {} }).disposed(by: state.bag)
                let sender = LoopingSender { subject.onNext($0) }
                _ = sender.waitUntilSent(3)
                let replaced = DispatchSemaphore(value: 0)
                stateQueue.async {
                    state.bag = DisposeBag()
                    replaced.signal()
                }
                replaced.wait()
                sender.stop()
            }
        }
    }

    func testObserveOnHandlerTakingALockThatTheDisposingThreadHolds() {
        assertFinishes("observe(on:) handler takes a lock held by the disposing thread") {
            for round in 0..<self.rounds {
                let subject = PublishSubject<Int>()
                let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-\(round)")
                let lock = NSLock()
                let entered = DispatchSemaphore(value: 0)
                let subscription = subject.observe(on: scheduler).subscribe(onNext: { _ in
                    entered.signal()
                    lock.withLock {}
                })
                lock.lock()
                let sender = LoopingSender { subject.onNext($0) }
                entered.wait()  // a delivery is in progress, blocked on the lock this thread holds
                subscription.dispose()
                lock.unlock()
                sender.stop()
                scheduler.drain()
            }
        }
    }

    // MARK: - Crossed disposal

    func testTwoSubjectsDeliveringOnTwoThreadsEachDisposingTheOthersSubscription() {
        assertFinishes("crossed disposal of two subscriptions from inside their deliveries") {
            for _ in 0..<self.rounds {
                let first = PublishSubject<Int>()
                let second = PublishSubject<Int>()
                let both = TwoPartyBarrier()
                let held = DisposableSlots(count: 2)
                held[0] = first.subscribe(onNext: { _ in
                    both.arrive(0)  // both handlers are running now
                    held[1]?.dispose()
                })
                held[1] = second.subscribe(onNext: { _ in
                    both.arrive(1)
                    held[0]?.dispose()
                })
                runConcurrently(2) { thread in
                    if thread == 0 { first.onNext(1) } else { second.onNext(1) }
                }
                first.onNext(2)
                second.onNext(2)
                XCTAssertFalse(first.hasObservers)
                XCTAssertFalse(second.hasObservers)
            }
        }
    }

    func testATimerRacingAResponseEachCancellingTheOther() {
        assertFinishes("a timeout timer and a response, each cancelling the other from its handler") {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            for _ in 0..<self.rounds {
                let response = PublishSubject<Int>()
                let both = TwoPartyBarrier()
                let held = DisposableSlots(count: 2)
                let finished = DispatchGroup()
                finished.enter()
                finished.enter()
                held[0] = response.subscribe(onNext: { _ in
                    both.arrive(0)
                    held[1]?.dispose()  // the response won: cancel the timeout
                    finished.leave()
                })
                held[1] = Observable<Int>.timer(.microseconds(50), scheduler: scheduler).subscribe(onNext: { _ in
                    both.arrive(1)
                    held[0]?.dispose()  // the timeout won: cancel the request
                    finished.leave()
                })
                usleep(50)
                response.onNext(1)
                finished.wait()
                held[1]?.dispose()
            }
        }
    }

    // MARK: - Teardown of multi-source operators under concurrent senders

    func testMergeOfOneSubjectTwiceDisposedFromAThirdThreadWhileTwoThreadsSend() {
        assertFinishes("merge(subject.map, subject.filter) disposed under two senders") {
            for _ in 0..<100 {
                let subject = PublishSubject<Int>()
                let subscription = Observable.merge(subject.map { $0 + 1 }, subject.filter { $0 % 2 == 0 })
                    .subscribe(onNext: { _ in })
                let senders = (0..<2).map { _ in LoopingSender { subject.onNext($0) } }
                _ = senders[0].waitUntilSent(20)
                subscription.dispose()
                for sender in senders { sender.stop() }
                XCTAssertFalse(subject.hasObservers)
            }
        }
    }

    func testShareFlatMapLatestCombineLatestTeardownUnderTwoSenders() {
        assertFinishes("share + flatMapLatest + combineLatest torn down under two senders") {
            for _ in 0..<50 {
                let subject = PublishSubject<Int>()
                let shared = subject.share()
                var bag: DisposeBag? = DisposeBag()
                Observable.combineLatest(shared, shared.flatMapLatest { Observable.just($0 * 2) }) { $0 + $1 }
                    .subscribe(onNext: { _ in })
                    .disposed(by: bag!)
                let senders = (0..<2).map { _ in LoopingSender { subject.onNext($0) } }
                _ = senders[1].waitUntilSent(20)
                bag = nil
                for sender in senders { sender.stop() }
                XCTAssertFalse(subject.hasObservers)
            }
        }
    }
}

// MARK: - Fixtures

/// A view model whose `DisposeBag` is a property guarded by a lock, as `@Locked` wrappers do: the
/// setter releases the old bag while holding the lock.
private final class LockedBagModel: @unchecked Sendable {
    // @unchecked Sendable: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage = DisposeBag()

    var bag: DisposeBag {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }

    /// Takes the lock briefly, as a handler that reads guarded state does.
    func touch() { lock.withLock {} }
}

/// Keeps view models under a lock; an observer reads the registry (taking the lock).
private final class Registry: @unchecked Sendable {
    // @unchecked Sendable: `models` is guarded by `lock`.
    private let lock = NSLock()
    private var models: [ViewModel] = []

    func add(_ model: ViewModel) { lock.withLock { models.append(model) } }

    /// Drops every model while holding the lock (their deinit runs under it).
    func removeAll() { lock.withLock { models.removeAll() } }

    var count: Int { lock.withLock { models.count } }
}

private final class ViewModel {
    private let bag = DisposeBag()

    init(_ subject: PublishSubject<Int>, registry: Registry) {
        subject.subscribe(onNext: { [weak registry] _ in _ = registry?.count }).disposed(by: bag)
    }
}

/// A `DisposeBag` in a box that a queue replaces.
private final class UncheckedBagBox: @unchecked Sendable {
    // @unchecked Sendable: replaced only on the test's state queue, read before any sender runs.
    var bag = DisposeBag()
}

extension SerialDispatchQueueScheduler {
    /// Waits until the actions scheduled so far have run (test helper).
    func drain() {
        let done = DispatchSemaphore(value: 0)
        _ = schedule(()) { _ in
            done.signal()
            return Disposables.create()
        }
        done.wait()
    }
}
