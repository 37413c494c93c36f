import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class ZipTests: RivuletTestCase {
    // MARK: Two sources (the cases of RxSwift's zip tests)

    func testPairsValuesByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(240, 20), .next(250, 30), .completed(260)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(215, 11), .next(240, 22), .next(250, 33), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a---b-c---|")
        let ys = try scheduler.createHotObservable("---1----2-3---|")
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        assertMarbles(res, "---A----B-C---|", values: ["A": "a1", "B": "b2", "C": "c3"])
        assertSubscriptions(xs, "^----------!")
        assertSubscriptions(ys, "^-------------!")
    }

    func testNeverAndEmptyDoNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testEmptyAndNonEmptyCompleteWhenBothHaveCompleted() {
        // RxSwift's arity forms complete only when every source has completed: the value at 215
        // cannot be paired, but the result still waits for the second completion.
        for flipped in [false, true] {
            let scheduler = TestScheduler(initialClock: 0)
            let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
            let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
            let res = scheduler.start {
                flipped ? Observable.zip(other, empty) { $0 + $1 } : Observable.zip(empty, other) { $0 + $1 }
            }
            XCTAssertEqual(res.events, [.completed(220)])
            XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
            XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
        }
    }

    func testNeverAndNonEmptyDoNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { Observable.zip(never, other) { $0 + $1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    }

    func testLeftCompletingFirstStillWaitsForTheRight() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(215, 4), .completed(225)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(215, 6), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testQueuedValuesAreDroppedWhenEverySourceHasCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(250, 10), .completed(260)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(250, 11), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testErrorIsForwardedAtOnceAndDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(150, 1), Recorded.error(220, TestError.boom)])
        let res = scheduler.start { Observable.zip(ys, xs) { $0 + $1 } }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testFirstOfTwoErrorsWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.other(1))])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.other(2))])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.error(220, TestError.other(2))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testResultSelectorThrowIsAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(220)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(210, 4)])
        let res = scheduler.start { Observable.zip(xs, ys) { _, _ -> Int in throw TestError.boom } }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testDisposeInTheMiddleEndsEverySubscriptionAndDropsTheQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(400, 3)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(350, 20)])
        let res = scheduler.start(disposed: 300) { Observable.zip(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(230, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testQueuedValuesAreReleasedOnDisposeEvenWhileTheDisposableIsHeld() {
        final class Token {}
        weak var weakToken: Token?
        let xs = PublishSubject<Token>()
        let ys = PublishSubject<Int>()
        let subscription = Observable.zip(xs, ys) { _, y in y }.subscribe()
        do {
            let token = Token()
            weakToken = token
            xs.onNext(token)
        }
        XCTAssertNotNil(weakToken, "queued until ys sends")
        subscription.dispose()
        XCTAssertNil(weakToken)
        withExtendedLifetime(subscription) {}
    }

    func testQueuesThatWrapAroundAndGrowOnEitherSideKeepTheOrder() {
        let xs = PublishSubject<Int>()
        let ys = PublishSubject<Int>()
        var results: [Int] = []
        let subscription = Observable.zip(xs, ys) { $0 * 100 + $1 }.subscribe(onNext: { results.append($0) })
        for x in 1...3 { xs.onNext(x) }  // xs's queue: 4 slots, 3 used
        for y in 1...2 { ys.onNext(y) }  // its head moves on
        for x in 4...12 { xs.onNext(x) }  // wraps around, then grows
        for y in 3...20 { ys.onNext(y) }  // drains xs's queue, then ys's own queue fills
        for x in 13...20 { xs.onNext(x) }
        XCTAssertEqual(results, (1...20).map { $0 * 100 + $0 })
        subscription.dispose()
    }

    func testValuesInAQueueThatWrappedAroundAreReleasedOnDispose() {
        final class Token {}
        var tokens: [Token] = (0..<5).map { _ in Token() }
        let isAlive = tokens.map { token in { [weak token] in token != nil } }
        let xs = PublishSubject<Token>()
        let ys = PublishSubject<Int>()
        let subscription = Observable.zip(xs, ys) { _, y in y }.subscribe()
        for token in tokens[0..<3] { xs.onNext(token) }
        ys.onNext(1)
        ys.onNext(2)
        // Slots 2, 3 and 0 of the queue's 4: the queued values lie on both sides of the end.
        for token in tokens[3..<5] { xs.onNext(token) }
        tokens = []
        XCTAssertEqual(isAlive.map { $0() }, [false, false, true, true, true])
        subscription.dispose()
        XCTAssertEqual(isAlive.map { $0() }, [false, false, false, false, false])
        withExtendedLifetime(subscription) {}
    }

    func testTupleFormAndSynchronousSources() {
        let recorder = EventRecorder<String>()
        _ = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")).map { "\($0)\($1)" }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("1a"), .next("2b"), .completed])
    }

    func testColdSourcesResubscribeIndependently() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys = scheduler.createColdObservable([.next(15, 10), .completed(40)])
        let res = scheduler.start { Observable.zip(xs, ys).map { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(215, 11), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testASubscriberThatStopsEarlyCancelsASynchronousSource() {
        // Sources are subscribed in order and synchronous ones emit while they are subscribed, so
        // the infinite one comes last: `take(2)` disposes the zip, which stops its iteration.
        let recorder = EventRecorder<Int>()
        let naturals = Observable.from(sequence(first: 1) { $0 + 1 })
        _ = Observable.zip(Observable.of(10, 20, 30, 40), naturals) { $0 + $1 }.take(2).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(11), .next(22), .completed])
    }

    // MARK: Three to eight sources

    func testThreeToEightSourcesWithAndWithoutSelector() {
        func just(_ value: Int) -> Observable<Int> { Observable.of(value, value * 100) }
        let expected = [1, 2, 3, 4, 5, 6, 7, 8]
        var results: [[Int]] = []
        func record(_ observable: Observable<[Int]>) {
            let recorder = EventRecorder<[Int]>()
            _ = observable.subscribe(recorder)
            XCTAssertEqual(recorder.events.last?.isCompleted, true)
            results.append(contentsOf: recorder.elements)
        }
        let (a, b, c, d, e, f, g, h) = (just(1), just(2), just(3), just(4), just(5), just(6), just(7), just(8))
        record(Observable.zip(a, b, c) { [$0, $1, $2] })
        record(Observable.zip(a, b, c).map { [$0, $1, $2] })
        record(Observable.zip(a, b, c, d) { [$0, $1, $2, $3] })
        record(Observable.zip(a, b, c, d).map { [$0, $1, $2, $3] })
        record(Observable.zip(a, b, c, d, e) { [$0, $1, $2, $3, $4] })
        record(Observable.zip(a, b, c, d, e).map { [$0, $1, $2, $3, $4] })
        record(Observable.zip(a, b, c, d, e, f) { [$0, $1, $2, $3, $4, $5] })
        record(Observable.zip(a, b, c, d, e, f).map { [$0, $1, $2, $3, $4, $5] })
        record(Observable.zip(a, b, c, d, e, f, g) { [$0, $1, $2, $3, $4, $5, $6] })
        record(Observable.zip(a, b, c, d, e, f, g).map { [$0, $1, $2, $3, $4, $5, $6] })
        record(Observable.zip(a, b, c, d, e, f, g, h) { [$0, $1, $2, $3, $4, $5, $6, $7] })
        record(Observable.zip(a, b, c, d, e, f, g, h).map { [$0, $1, $2, $3, $4, $5, $6, $7] })
        XCTAssertEqual(results.count, 24)
        for (index, result) in results.enumerated() {
            let arity = index / 4 + 3
            let first = Array(expected.prefix(arity))
            XCTAssertEqual(result, index % 2 == 0 ? first : first.map { $0 * 100 })
        }
    }

    func testEightSourcesCompleteWithTheLastAndEndEachSubscriptionAtItsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<8).map { index in
            scheduler.createHotObservable([.next(210 + index, index), .completed(300 + 10 * index)])
        }
        let res = scheduler.start {
            Observable.zip(
                sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]
            ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        XCTAssertEqual(res.events, [.next(217, 28), .completed(370)])
        for (index, source) in sources.enumerated() {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 300 + 10 * index)])
        }
    }

    func testMixedElementTypes() {
        let recorder = EventRecorder<String>()
        _ = Observable.zip(Observable.just(1), Observable.just("b"), Observable.just(true), Observable.just(2.5))
            .map { "\($0)\($1)\($2)\($3)" }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("1btrue2.5"), .completed])
    }

    func testOptionalElementsAreQueuedAsValues() {
        let recorder = EventRecorder<String>()
        _ = Observable.zip(Observable<Int?>.of(nil, 2), Observable.of("a", "b")).map {
            "\(String(describing: $0))\($1)"
        }
        .subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("nila"), .next("Optional(2)b"), .completed])
    }

    // MARK: Collection

    func testCollectionSymmetric() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(250, 4), .completed(420)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(230, 3), .next(260, 6), .completed(400)])
        let res = scheduler.start { Observable.zip([e0, e1, e2]) }
        XCTAssertEqual(res.events.map(\.time), [230, 260, 420])
        XCTAssertEqual(res.events.compactMap(\.value.element), [[1, 2, 3], [4, 5, 6]])
        XCTAssertEqual(res.events.last?.value.isCompleted, true)
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 420)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 400)])
    }

    func testCollectionCompletesOnAValueThatCanNeverBePaired() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(270)])
        let e1 = scheduler.createHotObservable([
            .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410),
        ])
        let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)])
        let res = scheduler.start { Observable.zip([e0, e1, e2], resultSelector: { $0.reduce(0, +) }) }
        XCTAssertEqual(res.events, [.next(230, 6), .next(260, 15), .completed(310)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 300)])
    }

    func testCollectionErrorDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(400)])
        let e2 = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.boom)])
        let e3 = scheduler.createHotObservable([.next(240, 4), .completed(400)])
        let res = scheduler.start { Observable.zip([e0, e1, e2, e3], resultSelector: { _ in 42 }) }
        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        for source in [e0, e1, e2, e3] { XCTAssertEqual(source.subscriptions, [Subscription(200, 230)]) }
    }

    func testCollectionDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let e1 = scheduler.createHotObservable([.next(230, 10), .next(400, 20)])
        let res = scheduler.start(disposed: 300) { Observable.zip([e0, e1]) }
        XCTAssertEqual(res.events.map(\.time), [230])
        XCTAssertEqual(res.events.compactMap(\.value.element), [[1, 10]])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 300)])
    }

    func testCollectionSelectorThrow() {
        let recorder = EventRecorder<Int>()
        _ = Observable.zip(
            [Observable.just(1), Observable.just(2)], resultSelector: { _ -> Int in throw TestError.boom }
        )
        .subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testEmptyCollectionCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.zip([Observable<Int>]()) }
        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(res.events.first?.time, 200)
        XCTAssertEqual(res.events.first?.value.isCompleted, true)
    }

    // MARK: Threads

    func testConcurrentSourcesPairEveryValueInOrder() {
        let threads = 3
        let perThread = 2_000
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let observer = GrammarCheckingObserver<[Int]>()
        let subscription = Observable.zip(subjects).subscribe(observer.handler)
        runConcurrently(threads) { index in
            for value in 1...perThread { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }
        XCTAssertEqual(observer.elements, (1...perThread).map { Array(repeating: $0, count: threads) })
        XCTAssertTrue(observer.isCompleted)
        subscription.dispose()
    }

    func testConcurrentTwoSourceForm() {
        let xs = PublishSubject<Int>()
        let ys = PublishSubject<Int>()
        let observer = GrammarCheckingObserver<Int>()
        let subscription = Observable.zip(xs, ys) { $0 * 10_000 + $1 }.subscribe(observer.handler)
        runConcurrently(2) { index in
            let subject = index == 0 ? xs : ys
            for value in 1...3_000 { subject.onNext(value) }
            subject.onCompleted()
        }
        XCTAssertEqual(observer.elements, (1...3_000).map { $0 * 10_000 + $0 })
        XCTAssertTrue(observer.isCompleted)
        subscription.dispose()
    }

    func testDisposeFromAnotherThreadWhileSourcesSend() {
        for _ in 0..<20 {
            let xs = PublishSubject<Int>()
            let ys = PublishSubject<Int>()
            let observer = GrammarCheckingObserver<Int>()
            let subscription = Observable.zip(xs, ys) { $0 + $1 }.subscribe(observer.handler)
            runConcurrently(3) { index in
                switch index {
                case 0: for value in 0..<500 { xs.onNext(value) }
                case 1: for value in 0..<500 { ys.onNext(value) }
                default:
                    subscription.dispose()
                    observer.markDisposed()
                }
            }
            XCTAssertEqual(observer.violationCount, 0)
        }
    }
}
