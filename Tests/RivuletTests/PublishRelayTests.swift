import Rivulet
import TestSupport
import XCTest

final class PublishRelayTests: RivuletTestCase {
    func testAcceptMulticastsToCurrentObservers() {
        let relay = PublishRelay<Int>()
        let first = EventRecorder<Int>()
        let a = relay.subscribe(first)
        relay.accept(1)
        let second = EventRecorder<Int>()
        let b = relay.asObservable().subscribe(second)
        relay.accept(2)
        XCTAssertEqual(first.events, [.next(1), .next(2)])
        XCTAssertEqual(second.events, [.next(2)])
        a.dispose()
        relay.accept(3)
        XCTAssertEqual(first.elements, [1, 2])
        XCTAssertEqual(second.elements, [2, 3])
        b.dispose()
    }

    func testSubscribeWithClosures() {
        let relay = PublishRelay<String>()
        var values: [String] = []
        var disposed = 0
        let subscription = relay.subscribe(onNext: { values.append($0) }, onDisposed: { disposed += 1 })
        relay.accept("a")
        subscription.dispose()
        relay.accept("b")
        XCTAssertEqual(values, ["a"])
        XCTAssertEqual(disposed, 1)
    }

    func testOperatorsApply() {
        let relay = PublishRelay<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = relay.map { $0 * 2 }.filter { $0 > 2 }.subscribe(recorder)
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(recorder.events, [.next(4)])
        subscription.dispose()
    }
}
