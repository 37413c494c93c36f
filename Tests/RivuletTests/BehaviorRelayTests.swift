import Rivulet
import TestSupport
import XCTest

final class BehaviorRelayTests: RivuletTestCase {
    func testValueAndAccept() {
        let relay = BehaviorRelay(value: 1)
        XCTAssertEqual(relay.value, 1)
        relay.accept(2)
        XCTAssertEqual(relay.value, 2)
    }

    func testNewSubscriberReceivesTheCurrentValue() {
        let relay = BehaviorRelay(value: "a")
        let first = EventRecorder<String>()
        let a = relay.subscribe(first)
        relay.accept("b")
        let second = EventRecorder<String>()
        let b = relay.asObservable().subscribe(second)
        relay.accept("c")
        XCTAssertEqual(first.events, [.next("a"), .next("b"), .next("c")])
        XCTAssertEqual(second.events, [.next("b"), .next("c")])
        a.dispose()
        b.dispose()
    }

    func testDisposedSubscriptionGetsNothingMore() {
        let relay = BehaviorRelay(value: 0)
        var values: [Int] = []
        let subscription = relay.subscribe(onNext: { values.append($0) })
        subscription.dispose()
        relay.accept(1)
        XCTAssertEqual(values, [0])
        XCTAssertEqual(relay.value, 1)
    }

    func testValueIsUpdatedBeforeObserversRun() {
        let relay = BehaviorRelay(value: 0)
        var seen: [Int] = []
        let subscription = relay.subscribe(onNext: { _ in seen.append(relay.value) })
        relay.accept(5)
        XCTAssertEqual(seen, [0, 5])
        subscription.dispose()
    }

    func testValueFromManyThreads() {
        let relay = BehaviorRelay(value: 0)
        runConcurrently(4) { thread in
            for value in 0..<500 {
                relay.accept(thread * 1_000 + value)
                _ = relay.value
            }
        }
        XCTAssertEqual(relay.value % 1_000, 499)
    }
}
