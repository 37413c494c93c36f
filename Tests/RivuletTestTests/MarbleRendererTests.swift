import Rivulet
import RivuletTest
import XCTest

final class MarbleRendererTests: LeakCheckingTestCase {
    private let values = ["a": 1, "b": 2, "c": 3]

    func testDrawsFramesGroupsAndTerminals() {
        XCTAssertEqual(Marbles.diagram([Recorded<Event<Int>>](), values: values), "")
        XCTAssertEqual(
            Marbles.diagram([.next(210, 1), .next(210, 2), .next(260, 3), .completed(290)], values: values),
            "-(ab)-c--|")
        XCTAssertEqual(Marbles.diagram([.next(200, 1), .error(220, TestError.boom)], values: values), "a-#")
        XCTAssertEqual(Marbles.diagram([.next(20, 2), .completed(20)], values: values, origin: 0), "--(b|)")
    }

    func testDrawsOffFrameTimesWithTimeProgression() {
        XCTAssertEqual(Marbles.diagram([.next(200, 1), .next(215, 2)], values: values), "a 5s b")
        XCTAssertEqual(Marbles.diagram([.next(203, 1)], values: values), "3s a")
        XCTAssertEqual(Marbles.diagram([.next(237, 1)], values: values, resolution: 0.001), "--- 7ms a")
    }

    func testValuesNotInTheDictionaryGetFreeCharacters() {
        XCTAssertEqual(Marbles.diagram([.next(200, 1), .next(210, 42), .next(220, 42)], values: ["a": 1]), "aAA")
        XCTAssertEqual(Marbles.diagram([.next(200, "x")]), "A")
    }

    func testReturnsNilWhenTheEventsCannotBeDrawn() {
        // The group "(ab)" takes four frames; an event one frame later cannot be placed.
        XCTAssertNil(Marbles.diagram([.next(200, 1), .next(200, 2), .next(210, 3)], values: values))
        // Before the origin.
        XCTAssertNil(Marbles.diagram([.next(150, 1)], values: values))
        // One tick after an event.
        XCTAssertNil(Marbles.diagram([.next(200, 1), .next(201, 2)], values: values))
    }

    func testDrawsSubscriptions() {
        XCTAssertEqual(Marbles.diagram(Subscription(200, 260)), "^-----!")
        XCTAssertEqual(Marbles.diagram(Subscription(230)), "---^")
        XCTAssertEqual(Marbles.diagram(Subscription(210, 210)), "-(^!)")
        XCTAssertEqual(Marbles.diagram(Subscription(200, 215)), "^ 5s !")
        XCTAssertNil(Marbles.diagram(Subscription(200, 205)))
        XCTAssertNil(Marbles.diagram(Subscription(100, 300)))
    }

    /// parse ∘ render is the identity on drawable recorded events, over random sequences.
    func testRoundTripOverRandomEventSequences() throws {
        let dictionary = ["a": 1, "b": 2, "c": 3, "d": 4, "x": 10, "0": 0, "7": 7]
        let elements = Array(dictionary.values) + [99, 100]  // 99 and 100 get free characters
        for seed in UInt64(1)...500 {
            var random = SeededGenerator(seed: seed)
            let resolution = [1.0, 0.001, 0.5][Int.random(in: 0..<3, using: &random)]
            let origin = [200, 0, 1000][Int.random(in: 0..<3, using: &random)]
            let error: TestError = Bool.random(using: &random) ? .boom : .other
            var events: [Recorded<Event<Int>>] = []
            var pointer = origin
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                var time = pointer + Marbles.ticksPerFrame * Int.random(in: 0...4, using: &random)
                if resolution == 1.0 || resolution == 0.001, Int.random(in: 0..<4, using: &random) == 0 {
                    time += Int.random(in: 1...9, using: &random)  // off the frame grid: a time progression
                }
                let size = Int.random(in: 1...3, using: &random)
                for _ in 0..<size { events.append(.next(time, elements.randomElement(using: &random)!)) }
                pointer = time + Marbles.ticksPerFrame * (size == 1 ? 1 : size + 2)
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: events.append(.completed(pointer + Marbles.ticksPerFrame * Int.random(in: 0...2, using: &random)))
            case 1: events.append(.error(pointer, error))
            default: break
            }
            guard let drawn = Marbles.diagram(events, values: dictionary, origin: origin, resolution: resolution) else {
                XCTFail("seed \(seed): \(events) could not be drawn")
                continue
            }
            // Free characters (for 99 and 100) are not in `dictionary`: look them up the way the
            // renderer assigned them (the first free ones, in order of appearance).
            var lookup = dictionary
            var free = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ").makeIterator()
            for event in events {
                if let element = event.value.element, !lookup.values.contains(element), let key = free.next() {
                    lookup[String(key)] = element
                }
            }
            let parsed = try Marbles.events(drawn, values: lookup, error: error, origin: origin, resolution: resolution)
            XCTAssertEqual(parsed, events, "seed \(seed): \(drawn)")
        }
    }

    /// render ∘ parse keeps the meaning of random subscription diagrams.
    func testSubscriptionRoundTrip() throws {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            let start =
                200 + Marbles.ticksPerFrame * Int.random(in: 0...5, using: &random) + Int.random(
                    in: 0...1, using: &random) * 3
            let end: Int
            switch Int.random(in: 0..<3, using: &random) {
            case 0: end = Int.max
            case 1: end = start
            default: end = start + Marbles.ticksPerFrame * Int.random(in: 1...6, using: &random)
            }
            let subscription = Subscription(start, end)
            let drawn = try XCTUnwrap(Marbles.diagram(subscription), "\(subscription)")
            XCTAssertEqual(try Marbles.subscription(drawn), subscription, drawn)
        }
    }
}
