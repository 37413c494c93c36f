import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// `combineLatest` with five to eight sources (two to four: `CombineLatestTests`).
final class CombineLatestArityTests: RivuletTestCase {
    func testFiveSourcesEmitOnceAllHaveEmittedAndCompleteWithTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<5).map { index in
            scheduler.createHotObservable([.next(210 + index, index + 1), .completed(300 + 10 * index)])
        }
        let res = scheduler.start {
            Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4]) {
                $0 + $1 + $2 + $3 + $4
            }
        }
        XCTAssertEqual(res.events, [.next(214, 15), .completed(340)])
        for (index, source) in sources.enumerated() {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 300 + 10 * index)])
        }
    }

    func testEveryEmissionCombinesTheLatestValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let others = (0..<5).map { index in scheduler.createHotObservable([.next(220 + index, 10)]) }
        let res = scheduler.start(disposed: 300) {
            Observable.combineLatest(a, others[0], others[1], others[2], others[3], others[4]) {
                $0 + $1 + $2 + $3 + $4 + $5
            }
        }
        XCTAssertEqual(res.events, [.next(224, 51), .next(260, 52)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
    }

    func testAValueAfterTheOthersCompletedWithoutOneEverEmittingCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let done = (0..<5).map { _ in scheduler.createHotObservable([.next(215, 1), .completed(220)]) }
        let live = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
        let res = scheduler.start {
            Observable.combineLatest(empty, done[0], done[1], done[2], done[3], done[4], live) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6
            }
        }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(live.subscriptions, [Subscription(200, 230)])
    }

    func testErrorsAndSelectorThrowsDisposeEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<7).map { _ in scheduler.createHotObservable([.next(210, 1)]) }
        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.boom)])
        let res = scheduler.start {
            Observable.combineLatest(
                sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], failing
            ) { _, _, _, _, _, _, _, _ in 0 }
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        for source in sources + [failing] { XCTAssertEqual(source.subscriptions, [Subscription(200, 220)]) }

        var errors: [String] = []
        let one = Observable.just(1)
        _ = Observable.combineLatest(one, one, one, one, one) { _, _, _, _, _ -> Int in throw TestError.other(5) }
            .subscribe(onError: { errors.append("\($0)") })
        XCTAssertEqual(errors, ["other(5)"])
    }

    func testTupleForms() {
        let one = Observable.just(1)
        var sums: [Int] = []
        _ = Observable.combineLatest(one, one, one, one, one).map { $0 + $1 + $2 + $3 + $4 }
            .subscribe(onNext: { sums.append($0) })
        _ = Observable.combineLatest(one, one, one, one, one, one).map { $0 + $1 + $2 + $3 + $4 + $5 }
            .subscribe(onNext: { sums.append($0) })
        _ = Observable.combineLatest(one, one, one, one, one, one, one).map { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
            .subscribe(onNext: { sums.append($0) })
        _ = Observable.combineLatest(one, one, one, one, one, one, one, Observable.just("x"))
            .map { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7.count }
            .subscribe(onNext: { sums.append($0) })
        XCTAssertEqual(sums, [5, 6, 7, 8])
    }
}
