import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class CombineLatestTests: RivuletTestCase {
    // MARK: Two sources

    func testEmitsOnceEverySourceHasEmitted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(260)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 12), .next(240, 22), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testTupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, "a")])
        let res = scheduler.start { Observable.combineLatest(xs, ys).map { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "2a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testEmptyAndNeverDoesNotComplete() {
        // A source completing without a value does not end the result by itself (RxSwift).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testValueAfterAnEmptySourceCompletedCompletes() {
        // ...but the next value of another source completes it: no combination can follow.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testBothEmptyCompletesWithTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testKeepsUsingTheLastValueOfACompletedSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(250)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(230, 11), .next(240, 21), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testErrorIsForwardedAtOnceAndDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.boom)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testResultSelectorThrowIsAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { x, y -> Int in
                if x == 2 { throw TestError.boom }
                return x + y
            }
        }
        XCTAssertEqual(res.events, [.next(220, 11), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testDisposeEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start(disposed: 300) { Observable.combineLatest(xs, ys) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    // MARK: Three and four sources

    func testThreeSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let ys = scheduler.createHotObservable([.next(220, 10), .completed(400)])
        let zs = scheduler.createHotObservable([.next(230, 100), .next(240, 200), .completed(250)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, zs) { $0 + $1 + $2 } }
        XCTAssertEqual(res.events, [.next(230, 111), .next(240, 211), .completed(400)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])

        let tuples = Observable.combineLatest(Observable.just(1), Observable.just("a"), Observable.just(true))
        let recorder = EventRecorder<String>()
        _ = tuples.map { "\($0)\($1)\($2)" }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("1atrue"), .completed])
    }

    func testFourSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1)])
        let b = scheduler.createHotObservable([.next(220, 10)])
        let c = scheduler.createHotObservable([.next(230, 100)])
        let d = scheduler.createHotObservable([.next(240, 1000), .next(250, 2000), Recorded.error(260, TestError.boom)])
        let res = scheduler.start { Observable.combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 } }
        XCTAssertEqual(res.events, [.next(240, 1111), .next(250, 2111), .error(260, TestError.boom)])
        for source in [a, b, c, d] { XCTAssertEqual(source.subscriptions, [Subscription(200, 260)]) }

        let recorder = EventRecorder<String>()
        _ = Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4))
            .map { "\($0)\($1)\($2)\($3)" }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("1234"), .completed])
    }

    func testFourSourcesOneEmptyCompletesOnTheNextValueAfterTheOthersCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let b = scheduler.createHotObservable([.next(215, 1), .completed(220)])
        let c = scheduler.createHotObservable([Recorded<Event<Int>>.completed(225)])
        let d = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
        let res = scheduler.start { Observable.combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 } }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(d.subscriptions, [Subscription(200, 230)])
    }

    // MARK: Collection

    func testCollectionForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .completed(230)])
        let zs = scheduler.createHotObservable([.next(225, 100), .completed(310)])
        let res = scheduler.start { Observable.combineLatest([xs, ys, zs]) }
        XCTAssertEqual(res.events.map(\.time), [225, 240, 310])
        XCTAssertEqual(res.events.compactMap(\.value.element), [[1, 10, 100], [2, 10, 100]])
        XCTAssertEqual(res.events.last?.value.isCompleted, true)
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 310)])
    }

    func testCollectionResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
        let ys = scheduler.createHotObservable([.next(220, 10), Recorded.error(240, TestError.boom)])
        let res = scheduler.start { Observable.combineLatest([xs, ys], resultSelector: { $0.reduce(0, +) }) }
        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 13), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testCollectionEmptyNeverAndEmptyReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([.next(300, 1)])
        let res = scheduler.start(disposed: 250) {
            Observable.combineLatest([xs, ys], resultSelector: { $0.reduce(0, +) })
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys2 = scheduler2.createHotObservable([.next(215, 2), .completed(220)])
        let res2 = scheduler2.start { Observable.combineLatest([xs2, ys2], resultSelector: { $0.reduce(0, +) }) }
        XCTAssertEqual(res2.events, [.completed(215)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(200, 215)])
    }

    func testEmptyCollectionSendsTheSelectorsResultForNothingThenCompletes() {
        // RxSwift's behaviour (main completed without a value).
        let arrays = EventRecorder<[Int]>()
        _ = Observable<Int>.combineLatest([Observable<Int>]()).subscribe(arrays)
        XCTAssertEqual(arrays.events, [.next([]), .completed])

        let counts = EventRecorder<Int>()
        _ = Observable.combineLatest([Observable<Int>]()) { $0.count + 10 }.subscribe(counts)
        XCTAssertEqual(counts.events, [.next(10), .completed])

        let failing = EventRecorder<Int>()
        _ = Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw TestError.boom }.subscribe(failing)
        XCTAssertEqual(failing.events, [.error(TestError.boom)])
    }

    func testCollectionSelectorThrow() {
        let recorder = EventRecorder<Int>()
        _ = Observable.combineLatest(
            [Observable.just(1), Observable.just(2)],
            resultSelector: { _ -> Int in
                throw TestError.boom
            }
        ).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    // MARK: Threads

    func testConcurrentSourcesKeepTheGrammarAndEndWithTheLatestValues() {
        let threads = 3
        let perThread = 2_000
        let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
        let recorder = EventRecorder<[Int]>()
        let subscription = Observable.combineLatest(subjects).subscribe(recorder)
        for (index, subject) in subjects.enumerated() { subject.onNext(index * 1_000_000) }
        runConcurrently(threads) { index in
            for value in 1...perThread { subjects[index].onNext(index * 1_000_000 + value) }
            subjects[index].onCompleted()
        }
        let events = recorder.events
        XCTAssertEqual(events.count, threads + threads * perThread + 1 - (threads - 1))
        XCTAssertEqual(events.last?.isCompleted, true)
        let values = events.compactMap(\.element)
        XCTAssertEqual(values.last, [perThread, 1_000_000 + perThread, 2_000_000 + perThread])
        // Every slot only moves forward: results are produced in arrival order.
        for (previous, next) in zip(values, values.dropFirst()) {
            for slot in 0..<threads { XCTAssertLessThanOrEqual(previous[slot], next[slot]) }
        }
        subscription.dispose()
    }

    func testConcurrentTwoSourceForm() {
        let xs = PublishSubject<Int>()
        let ys = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = Observable.combineLatest(xs, ys) { $0 + $1 }.subscribe(recorder)
        runConcurrently(2) { index in
            let subject = index == 0 ? xs : ys
            for value in 1...3_000 { subject.onNext(value) }
            subject.onCompleted()
        }
        XCTAssertEqual(recorder.events.last, .completed)
        XCTAssertEqual(recorder.events.dropLast().last, .next(6_000))
        subscription.dispose()
    }
}
