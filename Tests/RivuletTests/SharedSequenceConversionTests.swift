import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// RxCocoa's `asSharedSequence(sharingStrategy:onError...)`, the conversions generic over the
/// sharing strategy, on a `TestScheduler` through `SharingScheduler.mock`.
final class SharedSequenceConversionTests: RealTimeTestCase {
    func testTheResultTypeChoosesTheStrategyAndTheErrorIsReplaced() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-b-#")
        SharingScheduler.mock(scheduler: scheduler) {
            let signal: Signal<String> = xs.asSharedSequence(onErrorJustReturn: "z")
            let res = scheduler.start { signal }
            assertMarbles(res.events, "-a-b-(z|)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)], "the error ends the source subscription")
        }
    }

    func testSharingStrategyArgumentAndTheDriverReplays() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-b-")
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: "z")
            let first = scheduler.createObserver(String.self)
            let late = scheduler.createObserver(String.self)
            let bag = CompositeDisposable()
            scheduler.scheduleAt(200) { _ = bag.insert(driver.asObservable().subscribe(first)) }
            scheduler.scheduleAt(350) { _ = bag.insert(driver.asObservable().subscribe(late)) }
            scheduler.scheduleAt(400) { bag.dispose() }
            scheduler.start()
            XCTAssertEqual(first.events, [.next(210, "a"), .next(230, "b")])
            XCTAssertEqual(late.events, [.next(350, "b")], "a Driver replays the latest value")
            XCTAssertEqual(xs.subscriptions.count, 1, "both subscribers share one subscription")
        }
    }

    func testOnErrorDriveWithAndOnErrorRecover() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-#")
        let ys = try scheduler.createColdObservable("-y|")
        SharingScheduler.mock(scheduler: scheduler) {
            let fallback: Signal<String> = ys.asSharedSequence(onErrorJustReturn: "never")
            let res = scheduler.start { xs.asSharedSequence(onErrorDriveWith: fallback) }
            assertMarbles(res.events, "-a--y|")
        }
        var seen: [TestError] = []
        var values: [Int] = []
        let recovered: Signal<Int> = Observable<Int>.error(TestError.boom).asSharedSequence { error in
            seen.append(error as! TestError)
            return .just(1)
        }
        let subscription = recovered.emit(onNext: { values.append($0) })
        XCTAssertEqual(seen, [.boom])
        XCTAssertEqual(values, [1])
        subscription.dispose()
    }
}
