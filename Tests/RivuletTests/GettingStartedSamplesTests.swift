// The code samples of docs/getting-started.md, compiled and run. The code between `// docs: <title>`
// and `// end docs` is what the guide shows under `<!-- tested: <title> -->`;
// DocsSamplesTests checks that the two are the same.
import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class GettingStartedSamplesTests: RivuletTestCase {
    func testFirstPipelineRx() {
        // docs: getting started, first pipeline, Rx
        let searchText = PublishSubject<String>()
        let bag = DisposeBag()
        var shown: [String] = []

        searchText
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .distinctUntilChanged()
            .subscribe(onNext: { shown.append($0) })
            .disposed(by: bag)

        searchText.onNext(" swift ")
        searchText.onNext("swift")
        searchText.onNext("")
        searchText.onNext("rivulet")
        // shown == ["swift", "rivulet"]
        // end docs
        XCTAssertEqual(shown, ["swift", "rivulet"])
    }

    func testRelaysRx() {
        // docs: getting started, relays, Rx
        let count = BehaviorRelay(value: 0)
        let taps = PublishRelay<Void>()
        let bag = DisposeBag()
        var seen: [Int] = []

        count.subscribe(onNext: { seen.append($0) }).disposed(by: bag)  // receives 0 at once
        taps.subscribe(onNext: { count.accept(count.value + 1) }).disposed(by: bag)

        taps.accept(())
        taps.accept(())
        // seen == [0, 1, 2]; count.value == 2
        // end docs
        XCTAssertEqual(seen, [0, 1, 2])
        XCTAssertEqual(count.value, 2)
    }

    func testDisposalRx() {
        // docs: getting started, disposal, Rx
        let ticks = PublishSubject<Int>()
        var received: [Int] = []

        let subscription = ticks.subscribe(onNext: { received.append($0) })
        ticks.onNext(1)
        subscription.dispose()
        ticks.onNext(2)  // not delivered

        var bag = DisposeBag()
        ticks.subscribe(onNext: { received.append($0 * 10) }).disposed(by: bag)
        ticks.onNext(3)
        bag = DisposeBag()  // the old bag is released and disposes what it held
        ticks.onNext(4)  // not delivered
        // received == [1, 30]
        // end docs
        XCTAssertEqual(received, [1, 30])
        XCTAssertEqual(bag.count, 0)
        XCTAssertFalse(ticks.hasObservers)
    }

    func testTestingRx() throws {
        // docs: getting started, testing, Rx
        let scheduler = TestScheduler(initialClock: 0)
        let typed = try scheduler.createHotObservable(
            "-a-b----c-|", values: ["a": "sw", "b": "swift", "c": "rx"])

        let res = scheduler.start {
            typed.debounce(.seconds(30), scheduler: scheduler).distinctUntilChanged()
        }

        assertMarbles(res, "------b---(c|)", values: ["b": "swift", "c": "rx"])
        assertSubscriptions(typed, "^---------!")
        // end docs
        XCTAssertEqual(res.events, [.next(260, "swift"), .next(300, "rx"), .completed(300)])
    }
}
