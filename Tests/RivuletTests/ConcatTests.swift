import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ConcatTests: RivuletTestCase {
    func testSubscribesEachSourceAfterThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testInstanceForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { xs.concat(ys) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testHotSecondSourceMissesWhatItSentBeforeItsTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
        let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testErrorEndsTheStreamAndLaterSourcesAreNotSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testErrorInALaterSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.error(10, TestError.boom)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.concat(ys) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 230)])
    }

    func testDisposalDisposesTheCurrentSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(100)])
        let zs = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let res = scheduler.start(disposed: 260) {
            Observable.concat(xs.asObservable(), ys.asObservable(), zs.asObservable())
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 260)])
        XCTAssertEqual(zs.subscriptions, [])
    }

    func testEmptyCollectionCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testSequenceIsIteratedLazilyAndAnewPerSubscription() {
        var pulled = 0
        let subject = PublishSubject<Int>()
        let sources = AnySequence { () -> AnyIterator<Observable<Int>> in
            var index = 0
            return AnyIterator {
                defer { index += 1 }
                guard index < 2 else { return nil }
                pulled += 1
                return index == 0 ? subject.asObservable() : Observable.just(10)
            }
        }
        let recorder = EventRecorder<Int>()
        let subscription = Observable.concat(sources).subscribe(recorder)
        XCTAssertEqual(pulled, 1)
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(pulled, 2)
        XCTAssertEqual(recorder.events, [.next(1), .next(10), .completed])
        subscription.dispose()

        let again = EventRecorder<Int>()
        Observable.concat(sources).subscribe(again).dispose()
        XCTAssertEqual(again.events, [.next(10), .completed], "the finished subject completes at once")
        XCTAssertEqual(pulled, 4, "the second subscription iterates the sequence anew")
    }

    func testManySynchronousSourcesUseConstantStack() {
        let count = 50_000
        var total = 0
        var completed = false
        Observable.concat((0..<count).map { Observable.just($0) })
            .subscribe(onNext: { total += $0 }, onCompleted: { completed = true })
            .dispose()
        XCTAssertEqual(total, (0..<count).reduce(0, +))
        XCTAssertTrue(completed)
    }

    // MARK: - Nested concatenations (walked in place, as RxSwift does)

    /// Runs `body` on a thread with a small stack (512 KB), so that recursion that grows with the
    /// nesting overflows it long before the tests' depths.
    private func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "hang")
    }

    func testAConcatGeneratedRecursivelyRunsInConstantStackHoweverDeep() {
        // `concat([just(i), rest])` where `rest` is made the same way, lazily: each level used to be
        // a sink of its own, subscribed from inside the previous one's completion (some ten
        // thousand levels overflowed the default stack).
        let depth = 20_000
        @Sendable func level(_ index: Int) -> Observable<Int> {
            if index == depth { return .just(index) }
            return Observable.concat([0, 1].lazy.map { $0 == 0 ? Observable.just(index) : level(index + 1) })
        }
        let received = LockedValues<Int>()
        let completed = LockedFlag()
        onSmallStack {
            level(0).subscribe(onNext: { received.append($0) }, onCompleted: { completed.set() }).dispose()
        }
        XCTAssertEqual(received.all, Array(0...depth))
        XCTAssertTrue(completed.value)
    }

    func testALongChainOfConcatAndAndThenRunsInConstantStack() {
        // Left-nested: `a.concat(b).concat(c)…`, the first source of each level another level.
        // (Not deeper: a chain this long is released recursively, level by level, on the thread
        // that lets go of it, as any deep chain of Swift objects is.)
        let depth = 3_000
        var chain = Observable.just(0)
        for value in 1...depth { chain = chain.concat(Observable.just(value)) }
        var completable = Completable.empty()
        let ran = LockedCounter()
        for _ in 0..<depth {
            completable = completable.andThen(
                Completable.create {
                    ran.increment()
                    $0(.completed)
                    return Disposables.create()
                })
        }
        let received = LockedValues<Int>()
        let completions = LockedCounter()
        // The small-stack thread borrows the chains and never owns them: whoever lets go of a
        // chain this long last releases it level by level, which only the main thread's stack
        // can take.
        final class Chains {
            let chain: Observable<Int>
            let completable: Completable
            init(_ chain: Observable<Int>, _ completable: Completable) {
                self.chain = chain
                self.completable = completable
            }
        }
        let chains = Chains(chain, completable)
        let borrowed = UncheckedSendable(Unmanaged.passUnretained(chains))
        onSmallStack {
            borrowed.value._withUnsafeGuaranteedRef { chains in
                chains.chain.subscribe(onNext: { received.append($0) }, onCompleted: { completions.increment() })
                    .dispose()
                chains.completable.subscribe(onCompleted: { completions.increment() }).dispose()
            }
        }
        withExtendedLifetime(chains) {}
        XCTAssertEqual(received.all, Array(0...depth))
        XCTAssertEqual(ran.value, depth)
        XCTAssertEqual(completions.value, 2)
    }

    func testNestedConcatsKeepTheOrderAndTheSubscriptionTimesOfTheirSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let d = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start {
            Observable.concat([
                a.asObservable(), Observable.concat([b.asObservable(), Observable.concat([c.asObservable()])]),
                d.asObservable(),
            ])
        }
        XCTAssertEqual(
            res.events, [.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .completed(280)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(c.subscriptions, [Subscription(240, 260)])
        XCTAssertEqual(d.subscriptions, [Subscription(260, 280)])
    }

    func testAnErrorInsideANestedConcatEndsTheStreamAndDisposalReachesANestedSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.boom)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let failing = scheduler.start {
            Observable.concat([Observable.concat([a.asObservable(), b.asObservable()]), c.asObservable()])
        }
        XCTAssertEqual(failing.events, [.next(210, 1), .next(230, 2), .error(240, TestError.boom)])
        XCTAssertEqual(c.subscriptions, [])

        let later = TestScheduler(initialClock: 0)
        let long = later.createColdObservable([.next(10, 5), .next(500, 6), .completed(600)])
        let disposed = later.start(disposed: 520) {
            Observable.concat([Observable.just(4), Observable.concat([long.asObservable()])])
        }
        XCTAssertEqual(disposed.events, [.next(200, 4), .next(210, 5)])
        XCTAssertEqual(long.subscriptions, [Subscription(200, 520)])
    }

    func testTakeStopsBeforeLaterSourcesAreSubscribed() {
        var subscribed: [Int] = []
        let sources = (0..<3).map { index in
            Observable.of(index * 10, index * 10 + 1).do(onSubscribe: { subscribed.append(index) })
        }
        let recorder = EventRecorder<Int>()
        Observable.concat(sources).take(3).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(10), .completed])
        XCTAssertEqual(subscribed, [0, 1])
    }

    func testSourceCompletingOnAnotherThread() {
        let queue = DispatchQueue(label: "ConcatTests.background")
        let done = DispatchSemaphore(value: 0)
        let background = Observable<Int>.create { observer in
            let box = UncheckedSendable(observer)
            queue.async {
                box.value.onNext(1)
                box.value.onCompleted()
            }
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()
        let subscription = Observable.concat(background, background, Observable.just(3))
            .do(afterCompleted: { done.signal() })
            .subscribe(recorder)
        done.wait()
        // Let the background block return and release what it captured before the leak check.
        queue.sync {}
        XCTAssertEqual(recorder.events, [.next(1), .next(1), .next(3), .completed])
        subscription.dispose()
    }
}

final class ConcatOfObservablesTests: RivuletTestCase {
    func testSubscribesInnerObservablesOneAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()), .next(220, ys2.asObservable()), .completed(300),
        ])
        let res = scheduler.start { xs.concat() }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .next(250, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(240, 260)])
    }

    func testInnerErrorEndsTheStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()), .next(215, ys2.asObservable()), .completed(300),
        ])
        let res = scheduler.start { xs.concat() }
        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testDisposalDisposesTheSourceAndTheActiveInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable())])
        let res = scheduler.start(disposed: 250) { xs.concat() }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
    }
}
