// fuzz-targets: Rivulet RivuletTest
// libFuzzer harness for the marble-diagram parser (RivuletTest's `Marbles`).
//
//   scripts/fuzz.sh marbles 600
//
// Input layout: byte 0 picks the diagram kind and the entry point, byte 1 the resolution, the
// rest is the diagram (UTF-8, decoded leniently so any bytes make a string). The documented
// contract is checked and any violation traps:
// - parsing returns or throws `MarbleError` (typed throws), never crashes;
// - an error's column is within 1...count+1 and its diagram is the input;
// - events come out in time order, with at most one terminal event, last;
// - result and cold diagrams have no event before frame 0;
// - a parsed result diagram that `Marbles.diagram` can draw parses back to the same events.
import Foundation
import Rivulet
import RivuletTest

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("contract violated: \(message())\n", stderr)
        abort()
    }
}

private func checkError(_ error: MarbleError, _ diagram: String) {
    check(error.diagram == diagram, "error diagram differs")
    check(error.column >= 1 && error.column <= diagram.count + 1, "column \(error.column) out of range")
    _ = error.description
}

private func sameEvents(_ lhs: [Recorded<Event<String>>], _ rhs: [Recorded<Event<String>>]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (l, r) in zip(lhs, rhs) {
        guard l.time == r.time else { return false }
        switch (l.value, r.value) {
        case (.next(let a), .next(let b)): if a != b { return false }
        case (.completed, .completed), (.error, .error): break
        default: return false
        }
    }
    return true
}

private func checkEvents(_ events: [Recorded<Event<String>>], kind: Marbles.DiagramKind, origin: TestTime) {
    var last = Int.min
    for (index, recorded) in events.enumerated() {
        check(recorded.time >= last, "events out of order")
        last = recorded.time
        if kind != .hot { check(recorded.time >= origin, "event before frame 0") }
        switch recorded.value {
        case .next: break
        case .completed, .error: check(index == events.count - 1, "event after terminal")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarbles(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let selector = data[0]
    let resolutions: [Double] = [1, 0.001, 0.5, 0.1, 2, 0, -1, .nan, .infinity, 1e-9, 1e9, 0.25]
    let resolution = resolutions[Int(data[1]) % resolutions.count]
    let diagram = String(decoding: UnsafeBufferPointer(start: data + 2, count: size - 2), as: UTF8.self)
    let origin: TestTime = selector & 0x80 == 0 ? Marbles.defaultOrigin : 0
    switch selector % 5 {
    case 0, 1, 2:
        let kind: Marbles.DiagramKind = [.hot, .cold, .result][Int(selector % 3)]
        do {
            let events = try Marbles.events(diagram, kind: kind, origin: origin, resolution: resolution)
            checkEvents(events, kind: kind, origin: kind == .cold ? 0 : origin)
            var keys: [String: String] = [:]
            for case .next(let value) in events.map(\.value) { keys[value] = value }
            if kind == .result,
                let drawn = Marbles.diagram(events, values: keys, origin: origin, resolution: resolution)
            {
                do {
                    let again = try Marbles.events(drawn, kind: .result, origin: origin, resolution: resolution)
                    check(sameEvents(events, again), "round trip differs: \(diagram) -> \(drawn)")
                } catch {
                    check(false, "drawn diagram \(drawn) does not parse: \(error)")
                }
            }
        } catch {
            checkError(error, diagram)
        }
    case 3:
        // Only some keys are known: unknown value keys must throw `.unknownValue`.
        do {
            let events = try Marbles.events(
                diagram, kind: .hot, values: ["a": "A", "b": "B", "1": "one"], origin: origin,
                resolution: resolution)
            checkEvents(events, kind: .hot, origin: origin)
        } catch {
            checkError(error, diagram)
        }
    default:
        do {
            let subscription = try Marbles.subscription(diagram, origin: origin, resolution: resolution)
            check(subscription.subscribe <= subscription.unsubscribe, "unsubscribe before subscribe")
            _ = Marbles.diagram(subscription, origin: origin, resolution: resolution)
        } catch {
            checkError(error, diagram)
        }
    }
    return 0
}
