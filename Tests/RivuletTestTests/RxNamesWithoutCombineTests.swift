// `import Rivulet` and `import RivuletTest` only: the Rx dialect and RxTest's names, with no
// Combine name in scope to make them ambiguous (before the dialects became separate modules). Each snippet below was ambiguous while
// the Combine dialect lived in module Rivulet: RxTest's `Subscription` against Combine's
// `Subscription` protocol, and `{ $0 + $1 }` against `Subscribers.Demand + Int`.
import Rivulet
import RivuletTest
import XCTest

final class RxNamesWithoutCombineTests: LeakCheckingTestCase {
    private struct Failure: Error, Equatable {}

    func testSubscriptionIsRxTestsRecordOfASubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        _ = scheduler.start { xs.map { $0 * 2 } }
        let expected: [Subscription] = [Subscription(200, 300)]
        XCTAssertEqual(xs.subscriptions, expected)
    }

    func testCombineLatestWithAnOperatorSelector() {
        let error = Failure()
        var received: [Event<Int>] = []
        _ = Observable.combineLatest(Observable.error(error), Observable.of(0, 1, 2)) { $0 + $1 }
            .subscribe { received.append($0) }
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.error as? Failure, error)

        var sums: [Int] = []
        _ = Observable.combineLatest(Observable.just(10), Observable.of(0, 1, 2)) { $0 + $1 }
            .subscribe(onNext: { sums.append($0) })
        XCTAssertEqual(sums, [10, 11, 12])
    }
}
