import Rivulet
import RivuletTest
import XCTest

final class ReduceTests: RivuletTestCase {
    func testSendsTheFinalValueAtCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
        ])
        let res = scheduler.start { xs.reduce(10, accumulator: +) }
        XCTAssertEqual(res.events, [.next(250, 16), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }
        XCTAssertEqual(res.events, [.next(250, "sum 3"), .completed(250)])
    }

    func testAnEmptySourceSendsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler.start { xs.reduce(42, accumulator: +) }.events, [.next(250, 42), .completed(250)])
    }

    func testAccumulatorThrowEndsTheStreamAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start {
            xs.reduce(0) { sum, value in
                if value == 2 { throw TestError.boom }
                return sum + value
            }
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMapResultThrow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError.boom }) }
        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.reduce(0, accumulator: +) }.events, [.error(230, TestError.boom)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .completed(300)])
        XCTAssertEqual(other.start(disposed: 250) { ys.reduce(0, accumulator: +) }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testEachSubscriptionStartsFromTheSeed() {
        let sums = Observable.of(1, 2, 3).reduce(0, accumulator: +)
        var received: [Int] = []
        _ = sums.subscribe(onNext: { received.append($0) })
        _ = sums.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [6, 6])
    }
}

final class SingleOperatorTests: RivuletTestCase {
    func testPassesTheOneValueAtOnce() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a---|")
        let res = scheduler.start { xs.single() }
        assertMarbles(res, "-a---|")
        assertSubscriptions(xs, "^----!")
    }

    func testASecondValueFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testNoValueFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler.start { xs.single() }.events, [.error(250, RxError.noElements)])
    }

    func testPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.single { $0 == 2 } }.events, [.next(220, 2), .completed(250)])

        let two = TestScheduler(initialClock: 0)
        let ys = two.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(
            two.start { ys.single { $0 > 1 } }.events, [.next(220, 2), .error(230, RxError.moreThanOneElement)])

        let none = TestScheduler(initialClock: 0)
        let zs = none.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(none.start { zs.single { $0 > 1 } }.events, [.error(250, RxError.noElements)])
    }

    func testPredicateThrow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start {
            xs.single { value -> Bool in
                if value == 2 { throw TestError.boom }
                return false
            }
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorPassesThroughAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.single() }.events, [.error(230, TestError.boom)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(other.start(disposed: 250) { ys.single() }.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }
}

final class ElementAtTests: RivuletTestCase {
    func testTheValueAtTheIndexEndsTheSubscription() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-|")
        let res = scheduler.start { xs.element(at: 1) }
        assertMarbles(res, "---(b|)")
        assertSubscriptions(xs, "^--!")
    }

    func testCompletingFirstIsOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.element(at: 3) }.events, [.error(250, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testNegativeIndexFailsWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        XCTAssertEqual(scheduler.start { xs.element(at: -1) }.events, [.error(200, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.element(at: 2) }.events, [.error(230, TestError.boom)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(other.start(disposed: 250) { ys.element(at: 1) }.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testStopsAnInfiniteSynchronousSource() {
        var values: [Int] = []
        _ = Observable.from(sequence(first: 0) { $0 + 1 }).element(at: 5).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [5])
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        var values: [Int] = []
        _ = Observable.of(1, 2).elementAt(0).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [1])
    }
}

final class TakeLastTests: RivuletTestCase {
    func testSendsTheLastValuesAtCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-d-|")
        let res = scheduler.start { xs.takeLast(2) }
        assertMarbles(res, "---------(cd|)")
        assertSubscriptions(xs, "^--------!")
    }

    func testFewerValuesThanCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.takeLast(3) }.events, [.next(250, 1), .completed(250)])
    }

    func testZeroAndNegativeCountSendOnlyTheCompletion() {
        for count in [0, -2] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            XCTAssertEqual(scheduler.start { xs.takeLast(count) }.events, [.completed(250)])
        }
    }

    func testErrorDropsTheKeptValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.takeLast(2) }.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.takeLast(2) }.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testASubscriberThatDisposesDuringTheValuesGetsNoMore() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.takeLast(3).subscribe { event in
            if let value = event.element { received.append(value) }
            if event.element == 3 { subscription?.dispose() }
            if event.isCompleted { XCTFail("completion after dispose") }
        }
        for value in 1...4 { subject.onNext(value) }
        subject.onCompleted()
        XCTAssertEqual(received, [2, 3])
        subscription = nil
    }
}

final class SkipLastTests: RivuletTestCase {
    func testHoldsBackTheLastValues() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b-c-d-|")
        let res = scheduler.start { xs.skipLast(2) }
        assertMarbles(res, "-----a-b-|")
        assertSubscriptions(xs, "^--------!")
    }

    func testZeroPassesEveryValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { xs.skipLast(0) }.events, [.next(210, 1), .completed(250)])
    }

    func testErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        XCTAssertEqual(scheduler.start { xs.skipLast(1) }.events, [.next(220, 1), .error(230, TestError.boom)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .next(220, 2), .next(300, 3)])
        XCTAssertEqual(other.start(disposed: 250) { ys.skipLast(1) }.events, [.next(220, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }
}

final class EnumeratedTests: RivuletTestCase {
    func testPairsValuesWithTheirIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, "z"), .next(210, "a"), .next(220, "b"), .completed(250)])
        let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
        XCTAssertEqual(res.events, [.next(210, "0a"), .next(220, "1b"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEachSubscriptionCountsFromZeroAndErrorsPass() {
        let source = Observable.of("a", "b").concat(Observable.error(TestError.boom)).enumerated()
        var log: [String] = []
        for _ in 0..<2 {
            _ = source.subscribe(onNext: { log.append("\($0.index)\($0.element)") }, onError: { log.append("\($0)") })
        }
        XCTAssertEqual(log, ["0a", "1b", "boom", "0a", "1b", "boom"])
    }

    func testDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs.enumerated().map(\.index) }.events, [.next(210, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
