import Foundation
import Rivulet
import TestSupport

/// One random pipeline of the torture target, drawn from a seed: the sources, the pipelines a
/// subscribing thread subscribes and disposes over and over, the handlers that send into other
/// sources, and the sending threads. `description` prints it readably, so a failure can be
/// rebuilt by hand.
struct TortureShape: CustomStringConvertible {
    enum Source: CaseIterable { case publishSubject, behaviorSubject, publishRelay, behaviorRelay }

    enum Operator: CaseIterable {
        case merge, combineLatest, zip, flatMap, flatMapLatest, share, observeOn, takeUntil
        case combineLatestTakeUntil
    }

    struct Pipeline {
        var op: Operator
        var first: Int
        var second: Int
        /// The source the handler sends into (a value that came from a sending thread only, so a
        /// feedback travels one hop), or none.
        var feedsInto: Int?
    }

    let seed: UInt64
    var sources: [Source] = []
    var pipelines: [Pipeline] = []
    var senders = 2
    var eventsPerSender = 0
    var cycles = 0

    /// Shapes of the stalls and traps known on main when this target was written (a
    /// `combineLatest` ended by `take(until:)` at once; streams whose handlers feed each other,
    /// or a pipeline whose handler sends into one of its own sources) are left out unless the
    /// environment sets `RIVULET_TORTURE_KNOWN_STALLS=1`.
    /// To be removed (always included) once the engine's fixes for them are merged.
    static let avoidsKnownStalls = ProcessInfo.processInfo.environment["RIVULET_TORTURE_KNOWN_STALLS"] != "1"

    init(seed: UInt64) {
        self.seed = seed
        var random = SeededGenerator(seed: seed)
        let sourceCount = Int.random(in: 2...3, using: &random)
        sources = (0..<sourceCount).map { _ in Source.allCases.randomElement(using: &random)! }
        let operators = Operator.allCases.filter {
            !Self.avoidsKnownStalls || $0 != .combineLatestTakeUntil
        }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let first = Int.random(in: 0..<sourceCount, using: &random)
            var second = Int.random(in: 0..<sourceCount - 1, using: &random)
            if second >= first { second += 1 }
            var feedsInto: Int?
            if Bool.random(using: &random) { feedsInto = Int.random(in: 0..<sourceCount, using: &random) }
            pipelines.append(
                Pipeline(
                    op: operators.randomElement(using: &random)!, first: first, second: second, feedsInto: feedsInto))
        }
        if Self.avoidsKnownStalls {
            // At most one pipeline sends from its handler, and not into one of its own sources:
            // two streams would feed each other.
            var feeding = false
            for index in pipelines.indices where pipelines[index].feedsInto != nil {
                let pipeline = pipelines[index]
                if feeding || pipeline.feedsInto == pipeline.first || pipeline.feedsInto == pipeline.second {
                    pipelines[index].feedsInto = nil
                } else {
                    feeding = true
                }
            }
        }
        senders = Int.random(in: 2...4, using: &random)
        eventsPerSender = Int.random(in: 1_000...10_000, using: &random)
        cycles = Int.random(in: 10...60, using: &random)
    }

    var description: String {
        let sourceList = sources.enumerated().map { "s\($0.offset) = \($0.element)" }.joined(separator: ", ")
        let pipelineList = pipelines.map { pipeline in
            let expression: String
            let (a, b) = ("s\(pipeline.first)", "s\(pipeline.second)")
            switch pipeline.op {
            case .merge: expression = "merge(\(a), \(b))"
            case .combineLatest: expression = "combineLatest(\(a), \(b))"
            case .zip: expression = "zip(\(a), \(b))"
            case .flatMap: expression = "\(a).flatMap { _ in \(b).take(2) }"
            case .flatMapLatest: expression = "\(a).flatMapLatest { _ in \(b) }"
            case .share: expression = "\(a).share() merged with itself"
            case .observeOn: expression = "\(a).observe(on: a serial queue)"
            case .takeUntil: expression = "\(a).take(until: \(b))"
            case .combineLatestTakeUntil: expression = "combineLatest(\(a), \(b)).take(until: \(b))"
            }
            return expression + (pipeline.feedsInto.map { ", handler sends into s\($0)" } ?? "")
        }.joined(separator: "; ")
        return "seed \(seed): [\(sourceList)] [\(pipelineList)] \(senders) senders x \(eventsPerSender) events, "
            + "\(cycles) subscribe/dispose cycles"
    }
}
