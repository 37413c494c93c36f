import Rivulet
import TestSupport
import XCTest

final class CurrentThreadSchedulerTests: RealTimeTestCase {
    func testScheduleIsRequiredOutsideAndNotInsideTheTrampoline() {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var inside: Bool?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            inside = CurrentThreadScheduler.isScheduleRequired
            return Disposables.create()
        }
        XCTAssertEqual(inside, false)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testNestedScheduleRunsAfterTheCurrentActionBeforeReturning() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner 1")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("inner 3")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner 2")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer start", "outer end", "inner 1", "inner 2", "inner 3"])
    }

    func testDisposingAQueuedActionCancelsIt() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("cancelled action ran")
                return Disposables.create()
            }
            queued.dispose()
            log.append("outer")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer"])
    }

    func testDeepRecursionDoesNotGrowTheStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count = value
            if value < 100_000 { recurse(value + 1) }
        }
        XCTAssertEqual(count, 100_000)
    }

    func testEachThreadHasItsOwnTrampoline() {
        let done = expectation(description: "other thread")
        let otherRequired = LockedFlag()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            Thread.detachNewThread {
                if CurrentThreadScheduler.isScheduleRequired { otherRequired.set() }
                done.fulfill()
            }
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertTrue(otherRequired.value)
    }

    // MARK: Subscribing and the synchronous sources on the trampoline (RxSwift's behaviour)

    func testSubscribeRunsOnTheTrampolineAndEndsItBeforeReturning() {
        var requiredDuringSubscribe: Bool?
        _ = Observable<Int>.create { observer in
            requiredDuringSubscribe = CurrentThreadScheduler.isScheduleRequired
            observer.onCompleted()
            return Disposables.create()
        }.subscribe()
        XCTAssertEqual(requiredDuringSubscribe, false)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testWorkScheduledDuringSubscribeRunsAfterTheSubscriptionBeforeSubscribeReturns() {
        var log: [String] = []
        _ = Observable<Int>.create { observer in
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            observer.onNext(1)
            return Disposables.create()
        }.subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
        log.append("returned")
        XCTAssertEqual(log, ["1", "2", "completed", "returned"])
    }

    func testMergeOfTwoSynchronousSourcesInterleavesTheirValues() {
        let recorder = EventRecorder<Int>()
        _ = Observable.merge(Observable.from([1, 3, 5]), Observable.from([2, 4, 6])).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .next(4), .next(5), .next(6), .completed])
    }

    func testRangeGenerateAndRepeatElementStepInTurnWithOtherSources() {
        let recorder = EventRecorder<Int>()
        _ = Observable.merge(
            Observable.range(start: 1, count: 2),
            Observable.generate(initialState: 10, condition: { $0 < 30 }, iterate: { $0 + 10 }),
            Observable.repeatElement(7).take(2)
        ).subscribe(recorder)
        XCTAssertEqual(
            recorder.events, [.next(1), .next(10), .next(7), .next(2), .next(20), .next(7), .completed])
    }

    func testAnErrorMergedWithASynchronousSourceEndsTheMergeBeforeAnyValue() {
        let errorLast = EventRecorder<Int>()
        _ = Observable.merge(Observable.of(1, 2), Observable.error(TestError.boom)).subscribe(errorLast)
        XCTAssertEqual(errorLast.events, [.error(TestError.boom)])

        let errorFirst = EventRecorder<Int>()
        _ = Observable.merge(Observable.error(TestError.boom), Observable.of(1, 2)).subscribe(errorFirst)
        XCTAssertEqual(errorFirst.events, [.error(TestError.boom)])
    }

    func testCombineLatestOfSynchronousSourcesCombinesTheirValuesInTurn() {
        let recorder = EventRecorder<Int>()
        _ = Observable.combineLatest(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(11), .next(12), .next(22), .next(23), .completed])
    }

    func testZipWithAnEndlessSynchronousFirstSourceStopsWhenItsSubscriberDoes() {
        // The first source stops by itself after 1,000 values: without the trampoline it would
        // send all of them before the second source is subscribed.
        var pulls = 0
        let endless = Observable.from(
            AnySequence {
                AnyIterator { () -> Int? in
                    pulls += 1
                    return pulls <= 1_000 ? pulls : nil
                }
            })
        let recorder = EventRecorder<Int>()
        _ = Observable.zip(endless, Observable.of(10, 20)) { $0 + $1 }.take(2).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(11), .next(22), .completed])
        XCTAssertEqual(pulls, 2)
    }

    func testTakeOneStopsAnEndlessSynchronousSourceAfterOnePull() {
        var pulls = 0
        let endless = Observable.from(
            AnySequence {
                AnyIterator { () -> Int? in
                    pulls += 1
                    return pulls <= 1_000 ? pulls : nil
                }
            })
        let recorder = EventRecorder<Int>()
        _ = endless.take(1).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(pulls, 1)
    }

    func testASourceSubscribedInsideADeliveryStartsAfterTheDelivery() {
        var log: [String] = []
        _ = Observable.of(1, 2).subscribe(onNext: { value in
            _ = Observable.just("inner \(value)").concat(Observable.of("tail \(value)")).subscribe(onNext: {
                log.append($0)
            })
            log.append("outer \(value)")
        })
        XCTAssertEqual(log, ["inner 1", "outer 1", "tail 1", "inner 2", "outer 2", "tail 2"])
    }

    func testDoOnSubscribedRunsBeforeTheValuesOfASynchronousSource() {
        var log: [String] = []
        _ = Observable.of(1).do(onSubscribed: { log.append("subscribed") }).subscribe(onNext: { log.append("\($0)") })
        XCTAssertEqual(log, ["subscribed", "1"])
    }

    func testAQueuedSourceStepIsDroppedWhenTheSubscriptionIsDisposedFirst() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.create { observer in
            let inner = Observable.of(1, 2).subscribe(observer)
            inner.dispose()
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
    }

    func testSynchronousSourcesSubscribedInsideCreateDeliverAfterCreateReturns() {
        // The pattern of operators built on `create` that subscribe their sources in a loop and
        // only then are ready for their events (a "cascade" over `[Observable.from([])]`): as in
        // RxSwift, the sources' events wait for the trampoline, so the completion is seen.
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.create { observer in
            var ready = false
            let inner = Observable<Int>.from([]).subscribe(onCompleted: {
                if ready { observer.onCompleted() }
            })
            ready = true
            return inner
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
    }
}
