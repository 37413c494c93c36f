import Foundation
import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// Seeded property tests (reproducible: a failure names its seed): random compositions of
/// operators over random hot event sequences on a `TestScheduler`, spelled in both dialects,
/// record the same events and the same source subscriptions, and obey the grammar.
final class DialectPropertyTests: RivuletTestCase {
    private let seeds: ClosedRange<UInt64> = 1...300

    /// One step of a random pipeline, spelled in both dialects.
    private enum Step: CaseIterable {
        case map, filter, compactMap, scan, distinct, skip, take, mergeOther, combineLatestOther

        func rx(_ source: Observable<Int>, _ other: Observable<Int>, _ k: Int) -> Observable<Int> {
            switch self {
            case .map: return source.map { $0 * 3 + k }
            case .filter: return source.filter { $0 % (k % 3 + 2) != 0 }
            case .compactMap: return source.compactMap { $0 % 2 == 0 ? $0 / 2 : nil }
            case .scan: return source.scan(k) { $0 &+ $1 }
            case .distinct: return source.map { $0 % 3 }.distinctUntilChanged()
            case .skip: return source.skip(k % 4)
            case .take: return source.take(k % 5 + 1)
            case .mergeOther: return Observable.merge(source, other)
            case .combineLatestOther: return Observable.combineLatest(source, other) { $0 &* 10 &+ $1 }
            }
        }

        func combine(
            _ source: AnyPublisher<Int, Swift.Error>, _ other: AnyPublisher<Int, Swift.Error>, _ k: Int
        ) -> AnyPublisher<Int, Swift.Error> {
            switch self {
            case .map: return source.map { $0 * 3 + k }.eraseToAnyPublisher()
            case .filter: return source.filter { $0 % (k % 3 + 2) != 0 }.eraseToAnyPublisher()
            case .compactMap: return source.compactMap { $0 % 2 == 0 ? $0 / 2 : nil }.eraseToAnyPublisher()
            case .scan: return source.scan(k) { $0 &+ $1 }.eraseToAnyPublisher()
            case .distinct: return source.map { $0 % 3 }.removeDuplicates().eraseToAnyPublisher()
            case .skip: return source.dropFirst(k % 4).eraseToAnyPublisher()
            case .take: return source.prefix(k % 5 + 1).eraseToAnyPublisher()
            case .mergeOther: return source.merge(with: other).eraseToAnyPublisher()
            case .combineLatestOther: return source.combineLatest(other) { $0 &* 10 &+ $1 }.eraseToAnyPublisher()
            }
        }
    }

    private func randomEvents(_ random: inout SeededGenerator) -> [Recorded<Event<Int>>] {
        var time = 150
        var events: [Recorded<Event<Int>>] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            time += Int.random(in: 1...60, using: &random)
            events.append(.next(time, Int.random(in: 0...20, using: &random)))
        }
        time += Int.random(in: 1...60, using: &random)
        switch Int.random(in: 0...3, using: &random) {
        case 0: events.append(.completed(time))
        case 1: events.append(.error(time, TestError.other(time)))
        default: break
        }
        return events
    }

    private func assertGrammar(_ events: [Recorded<Event<Int>>], seed: UInt64) {
        for (index, recorded) in events.enumerated() where recorded.value.isStopEvent {
            XCTAssertEqual(index, events.count - 1, "seed \(seed): an event after the terminal event")
        }
        XCTAssertEqual(events.map(\.time), events.map(\.time).sorted(), "seed \(seed): out of order")
    }

    /// The same recorded events, errors compared by presence only.
    private func shape(_ events: [Recorded<Event<Int>>]) -> [String] {
        events.map { recorded in
            switch recorded.value {
            case .next(let value): return "\(recorded.time) next \(value)"
            case .error: return "\(recorded.time) error"
            case .completed: return "\(recorded.time) completed"
            }
        }
    }

    func test_contract2_randomCompositionsAgreeInBothDialects() {
        var delivered = 0
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let xEvents = randomEvents(&random)
            let yEvents = randomEvents(&random)
            let steps = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                (Step.allCases.randomElement(using: &random)!, Int.random(in: 0...9, using: &random))
            }
            let rxScheduler = TestScheduler(initialClock: 0)
            let rxX = rxScheduler.createHotObservable(xEvents)
            let rxY = rxScheduler.createHotObservable(yEvents)
            let rx = rxScheduler.start { steps.reduce(rxX.asObservable()) { $1.0.rx($0, rxY.asObservable(), $1.1) } }

            let combineScheduler = TestScheduler(initialClock: 0)
            let cX = combineScheduler.createHotObservable(xEvents)
            let cY = combineScheduler.createHotObservable(yEvents)
            let combine = combineScheduler.start {
                steps.reduce(cX.asObservable().asPublisher()) {
                    $1.0.combine($0, cY.asObservable().asPublisher(), $1.1)
                }
                .asObservable()
            }
            XCTAssertEqual(shape(rx.events), shape(combine.events), "seed \(seed): \(steps.map(\.0))")
            XCTAssertEqual(rxX.subscriptions, cX.subscriptions, "seed \(seed): source subscriptions differ")
            XCTAssertEqual(rxY.subscriptions, cY.subscriptions, "seed \(seed): source subscriptions differ")
            assertGrammar(combine.events, seed: seed)
            delivered += combine.events.count
        }
        XCTAssertGreaterThan(delivered, 3 * seeds.count, "the pipelines deliver events")
    }
}
