import Rivulet
import TestSupport
import XCTest

final class ReplayRelayTests: RivuletTestCase {
    func testReplaysTheLastBufferSizeValues() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        let recorder = EventRecorder<Int>()
        let subscription = relay.subscribe(recorder)
        relay.accept(4)
        XCTAssertEqual(recorder.events, [.next(2), .next(3), .next(4)])
        subscription.dispose()
        relay.accept(5)
        XCTAssertEqual(recorder.elements, [2, 3, 4])
    }

    func testUnboundReplaysEverything() {
        let relay = ReplayRelay<String>.createUnbound()
        for value in ["a", "b", "c"] { relay.accept(value) }
        let recorder = EventRecorder<String>()
        let subscription = relay.asObservable().subscribe(recorder)
        XCTAssertEqual(recorder.elements, ["a", "b", "c"])
        subscription.dispose()
    }

    func testBufferSizeZeroReplaysNothing() {
        let relay = ReplayRelay<Int>.create(bufferSize: 0)
        relay.accept(1)
        var values: [Int] = []
        let subscription = relay.subscribe(onNext: { values.append($0) })
        relay.accept(2)
        XCTAssertEqual(values, [2])
        subscription.dispose()
    }
}
